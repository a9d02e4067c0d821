#!/bin/sh
# queue.sh HALF : runs every candidate's half (A: rotations 1-10,21-22 ; B: 11-20,23-25)
H=$1
for c in "default:ismcts:ms=25" "c04:ismcts:ms=25:c=0.4" "w0:ismcts:ms=25:widen=0" "c1:ismcts:ms=25:c=1.0"; do
  name=${c%%:*}; spec=${c#*:}
  if [ $H = A ]; then /tmp/s7/screen.sh /tmp/s7/base "$spec" /tmp/s7/runs/$name 3001 1 13; 
  else /tmp/s7/screen.sh /tmp/s7/base "$spec" /tmp/s7/runs/$name 3001 14 25; fi
done
