# Ys: ships, characters, rates, scoring tables and broker sets are generated
# from data/ys/*.csv.
YS_CSV := data/ys/ships.csv data/ys/characters.csv data/ys/rates.csv data/ys/colour_points.csv \
          data/ys/black_points.csv data/ys/throne_points.csv data/ys/brokers.csv \
          data/ys/events.csv
GEN_SRC += $(GEN)/ys_data.c
GEN_HDR += $(GEN)/ys_data.h

$(GEN)/ys_data.h: $(YS_CSV) src/ys/gen_data.awk
	@mkdir -p $(GEN)
	awk -v out=h -f src/ys/gen_data.awk $(YS_CSV) >$@.tmp
	@mv $@.tmp $@

$(GEN)/ys_data.c: $(YS_CSV) src/ys/gen_data.awk $(GEN)/ys_data.h
	@mkdir -p $(GEN)
	awk -v out=c -f src/ys/gen_data.awk $(YS_CSV) >$@.tmp
	@mv $@.tmp $@
