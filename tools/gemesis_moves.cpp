// gemgames rules-parity helper for the external agent Gemesis (n6v26r/Gemesis).
// Built by tools/gemesis_build.sh against a Gemesis checkout given on its command
// line (this file includes Gemesis's own headers; none of them is in gemgames).
//
// Reads one position in the agent's input format (the one tools/gemesis_adapter.py
// writes) on stdin and prints every move Gemesis's move generator allows, one per
// line, in the agent's output format, followed by what the move leaves behind in
// Gemesis's own model:
//   MOVE | bank W0 W1 W2 W3 W4 GOLD | own T0 T1 T2 T3 T4 GOLD | score S | end E
// (token counts in Gemesis's gem order, the mover's score after the move, and
// E 1 when Gemesis's game is over once the next player is to move). A first
// line "over E" says whether Gemesis thinks the game is over already.
#include "agent.h"
#include "game.h"
#include "move.h"
#include <cstdio>

static void print_move(const Move &m) {
  switch (m.code) {
  case Action::TAKE_3_DIFF_GEMS:
    printf("1 %d", m.quant);
    for (int i = 0; i < GEM_CNT; i++)
      if (m.data[i])
        printf(" %d", i);
    break;
  case Action::TAKE_2_SAME_GEMS:
    printf("2 %d", m.quant);
    break;
  case Action::RES_CARD:
    printf("3 %d", m.quant);
    break;
  case Action::BUY_CARD:
    printf("4 %d", m.quant);
    break;
  default:
    printf("0");
    break;
  }
}

int main() {
  GameState game;
  readGameState(&game);
  static Move moves[MAX_MOVES];
  int count = 0;
  getMoves(game, moves, count);
  printf("over %d\n", game.isEndGame() ? 1 : 0);
  for (int i = 0; i < count; i++) {
    GameState after = game;
    int mover = after.currPlayer;
    after.applyMove(moves[i]);
    after.currPlayer = after.nextPlayer();
    print_move(moves[i]);
    printf(" | bank");
    for (int c = 0; c < CHIP_CNT; c++)
      printf(" %d", (int)after.chipCnt[c]);
    printf(" | own");
    for (int c = 0; c < CHIP_CNT; c++)
      printf(" %d", (int)after.player[mover].chipCnt[c]);
    printf(" | score %d | end %d\n", after.player[mover].score, after.isEndGame() ? 1 : 0);
  }
  return 0;
}
