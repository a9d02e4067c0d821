#!/bin/sh
# queue.sh HALF : runs every candidate's half (A: rotations 1-10,21-22 ; B: 11-20,23-25)
H=$1
for c in "w0c04:ismcts:ms=25:widen=0:c=0.4" "c025:ismcts:ms=25:c=0.25" "pl04:ismcts:ms=25:c=0.4:prior=learned"; do
  name=${c%%:*}; spec=${c#*:}
  if [ $H = A ]; then /tmp/s7/screen.sh /tmp/s7/base "$spec" /tmp/s7/runs/$name 3001 1 13; 
  else /tmp/s7/screen.sh /tmp/s7/base "$spec" /tmp/s7/runs/$name 3001 14 25; fi
done
