/*
 * Native reference BFS for Unlock the King (the solver bench's yardstick).
 *
 *   uk-bfs LIMIT WIDTH HEIGHT PORTAL WALLS PIECES
 *
 *   LIMIT   stop once this many states are stored and one more would be
 *   WALLS   comma-separated squares ("c3,f3") or "-" for none
 *   PIECES  comma-separated: role letter K Q R B N then the square ("Ka1");
 *           pawns "P" + facing (n e s w) + lateral flag (l or -) + square
 *           ("Pn-e2", "Psle7")
 *
 * The same search as Castellan's plain BFS (src-shared/solver/bfs.ts over
 * ukSearchProblem(pos, {canonical: true})), so the state counts agree layer
 * by layer:
 * - moves (UK-4, UK-5): king one step in 8 directions; rook, bishop, queen
 *   slide one or more empty squares and stop before a piece, wall or the
 *   edge; knight jumps onto an empty non-wall square over anything; pawn one
 *   step in its facing, and to either side when lateral. Every move ends on
 *   an empty non-wall square; one piece moves one line per move.
 * - state: one field of ceil(log2(W*H)) bits per piece packed into a 64-bit
 *   word; slot 0 is the king; the other slots hold groups of identical
 *   pieces (same role, pawns also same facing and lateral flag) with the
 *   squares of a group sorted ascending, so twins swapping squares are one
 *   state (Castellan's canonical mode).
 * - goal (UK-6): the king lands on the portal; tested when a state is
 *   generated, the search stops at the first goal.
 * - storage: the states in discovery order (the BFS queue, each depth a
 *   contiguous range) plus an open-addressing table of the 64-bit keys
 *   (linear probing, power-of-two capacity, doubled by rehash past 3/4 load).
 *
 * Prints one JSON line: status (solved | unsolvable | limit), depth, layers
 * (cumulative states through each completed depth, from depth 0),
 * states, expanded, generated (successors, duplicates included), cpuSec
 * (the whole process: getrusage user + system), searchCpuSec (the search
 * alone: CLOCK_PROCESS_CPUTIME_ID from the allocation of the table and the
 * queue to the end of the search, as the JS engines are timed), maxRss
 * (bytes), bytes (queue + table at the end), peakBytes (most held at once,
 * the rehash's two tables included).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define MAX_PIECES 16
#define MAX_SQ 256

static int W, H, SIZE, BITS;
static uint64_t FMASK;
static unsigned char wall[MAX_SQ];
static int portal;
static int n;                    /* pieces */
static int cls[MAX_PIECES];      /* movement class per slot */
static int gkey[MAX_PIECES];     /* group key per slot */
static int gstart[MAX_PIECES], gend[MAX_PIECES];

/* Rays per (class, square): a list of target lists; a ray stops at the first occupied square. */
#define N_CLASSES (5 + 8)
static int *rayStart[N_CLASSES][MAX_SQ];
static int rayCount[N_CLASSES][MAX_SQ];
static int *rays; /* flat: for each ray, length then squares */
static int raysLen, raysCap;

static void die(const char *msg, const char *arg) {
  fprintf(stderr, "uk-bfs: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
  exit(2);
}

static int parseSquare(const char *s) {
  int f = s[0] - 'a';
  int r = atoi(s + 1) - 1;
  if (f < 0 || f >= W || r < 0 || r >= H) die("bad square", s);
  return r * W + f;
}

static void pushRay(int sq, int df, int dr, int slide) {
  int f = sq % W, r = sq / W;
  int start = raysLen;
  if (raysLen + 2 + W + H >= raysCap) {
    raysCap = raysCap * 2 + 1024;
    rays = realloc(rays, sizeof(int) * raysCap);
  }
  rays[raysLen++] = 0;
  for (;;) {
    f += df;
    r += dr;
    if (f < 0 || r < 0 || f >= W || r >= H) break;
    int t = r * W + f;
    if (wall[t]) break;
    rays[raysLen++] = t;
    rays[start]++;
    if (!slide) break;
  }
  if (rays[start] == 0) raysLen = start;
}

/* Classes: 0 king, 1 queen, 2 rook, 3 bishop, 4 knight, 5 + facing*2 + lateral pawn (facing n e s w). */
static const int KD[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
static const int ND[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
static const int FD[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}}; /* n e s w as (df, dr), north = rank up */

static void buildRays(void) {
  /* Offsets are stored first (rays may move on realloc), pointers fixed afterwards. */
  static int off[N_CLASSES][MAX_SQ];
  for (int c = 0; c < N_CLASSES; c++) {
    for (int sq = 0; sq < SIZE; sq++) {
      int before = raysLen;
      off[c][sq] = raysLen;
      if (!wall[sq]) {
        if (c == 0) for (int d = 0; d < 8; d++) pushRay(sq, KD[d][0], KD[d][1], 0);
        else if (c == 1) for (int d = 0; d < 8; d++) pushRay(sq, KD[d][0], KD[d][1], 1);
        else if (c == 2) for (int d = 0; d < 4; d++) pushRay(sq, KD[d][0], KD[d][1], 1);
        else if (c == 3) for (int d = 4; d < 8; d++) pushRay(sq, KD[d][0], KD[d][1], 1);
        else if (c == 4) for (int d = 0; d < 8; d++) pushRay(sq, ND[d][0], ND[d][1], 0);
        else {
          int facing = (c - 5) >> 1, lateral = (c - 5) & 1;
          pushRay(sq, FD[facing][0], FD[facing][1], 0);
          if (lateral) {
            pushRay(sq, FD[(facing + 1) & 3][0], FD[(facing + 1) & 3][1], 0);
            pushRay(sq, FD[(facing + 3) & 3][0], FD[(facing + 3) & 3][1], 0);
          }
        }
      }
      /* count rays */
      int cnt = 0;
      for (int p = before; p < raysLen; p += 1 + rays[p]) cnt++;
      rayCount[c][sq] = cnt;
    }
  }
  for (int c = 0; c < N_CLASSES; c++)
    for (int sq = 0; sq < SIZE; sq++) rayStart[c][sq] = rays + off[c][sq];
}

/* ---- hash table of 64-bit keys (0 = empty; keys carry bit 63) ---------- */
static uint64_t *table;
static uint64_t tcap, tmask, tcount;
static uint64_t *queue;
static uint64_t qcount, qcap;
static uint64_t peakBytes;

static inline uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

static void noteBytes(uint64_t extra) {
  uint64_t b = tcap * 8 + qcount * 8 + extra;
  if (b > peakBytes) peakBytes = b;
}

static void growTable(void) {
  uint64_t ncap = tcap * 2, nmask = ncap - 1;
  uint64_t *nt = calloc(ncap, 8);
  if (!nt) die("out of memory (table)", NULL);
  noteBytes(ncap * 8);
  for (uint64_t i = 0; i < tcap; i++) {
    uint64_t k = table[i];
    if (!k) continue;
    uint64_t h = mix(k) & nmask;
    while (nt[h]) h = (h + 1) & nmask;
    nt[h] = k;
  }
  free(table);
  table = nt;
  tcap = ncap;
  tmask = nmask;
}

/* 1 when inserted, 0 when already present. */
static inline int insert(uint64_t key) {
  uint64_t h = mix(key) & tmask;
  for (;;) {
    uint64_t k = table[h];
    if (k == key) return 0;
    if (!k) break;
    h = (h + 1) & tmask;
  }
  table[h] = key;
  tcount++;
  return 1;
}

static inline int field(uint64_t s, int slot) { return (int)((s >> (slot * BITS)) & FMASK); }

static double processCpuSec(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  if (argc != 7) die("usage: uk-bfs LIMIT WIDTH HEIGHT PORTAL WALLS PIECES", NULL);
  uint64_t limit = strtoull(argv[1], NULL, 10);
  W = atoi(argv[2]);
  H = atoi(argv[3]);
  if (W < 3 || H < 3 || W > 16 || H > 16 || limit < 1) die("bad size or limit", NULL);
  SIZE = W * H;
  BITS = 1;
  while ((1 << BITS) < SIZE) BITS++;
  FMASK = (1ULL << BITS) - 1;
  portal = parseSquare(argv[4]);
  if (strcmp(argv[5], "-") != 0) {
    char *w = strdup(argv[5]);
    for (char *t = strtok(w, ","); t; t = strtok(NULL, ",")) wall[parseSquare(t)] = 1;
    free(w);
  }
  /* pieces: collect (class, key, square), king first, then sorted by key, squares sorted in groups */
  int pc[MAX_PIECES], pk[MAX_PIECES], ps[MAX_PIECES];
  int np = 0, king = -1;
  {
    char *p = strdup(argv[6]);
    for (char *t = strtok(p, ","); t; t = strtok(NULL, ",")) {
      if (np >= MAX_PIECES) die("too many pieces", NULL);
      int c, sqAt = 1;
      switch (t[0]) {
        case 'K': c = 0; break;
        case 'Q': c = 1; break;
        case 'R': c = 2; break;
        case 'B': c = 3; break;
        case 'N': c = 4; break;
        case 'P': {
          const char *fs = "nesw";
          const char *fp = t[1] ? strchr(fs, t[1]) : NULL;
          if (!fp || !t[2]) die("bad pawn", t);
          c = 5 + (int)(fp - fs) * 2 + (t[2] == 'l');
          sqAt = 3;
          break;
        }
        default: die("bad piece", t);
      }
      if (c == 0) {
        if (king >= 0) die("two kings", NULL);
        king = np;
      }
      pc[np] = c;
      pk[np] = c; /* class order = Castellan's group order (role, then facing, then lateral) */
      ps[np] = parseSquare(t + sqAt);
      np++;
    }
    free(p);
  }
  if (king < 0) die("no king", NULL);
  n = np;
  if (n * BITS > 63) die("state does not fit 63 bits", NULL);
  /* order: king, then others by (key, square) */
  int order[MAX_PIECES], m = 0;
  order[m++] = king;
  for (int i = 0; i < n; i++)
    if (i != king) order[m++] = i;
  for (int i = 2; i < n; i++)
    for (int j = i; j > 1; j--) {
      int a = order[j - 1], b = order[j];
      if (pk[a] > pk[b] || (pk[a] == pk[b] && ps[a] > ps[b])) {
        order[j - 1] = b;
        order[j] = a;
      } else break;
    }
  uint64_t start = 1ULL << 63;
  for (int s = 0; s < n; s++) {
    cls[s] = pc[order[s]];
    gkey[s] = pk[order[s]];
    start |= (uint64_t)ps[order[s]] << (s * BITS);
  }
  for (int s = 0; s < n; s++) {
    if (s == 0) {
      gstart[0] = 0;
      gend[0] = 1;
      continue;
    }
    int a = s, e = s + 1;
    while (a > 1 && gkey[a - 1] == gkey[s]) a--;
    while (e < n && gkey[e] == gkey[s]) e++;
    gstart[s] = a;
    gend[s] = e;
  }
  buildRays();

  double search0 = processCpuSec();
  tcap = 1 << 16;
  tmask = tcap - 1;
  table = calloc(tcap, 8);
  qcap = limit + 1;
  queue = malloc(qcap * 8); /* untouched pages are not resident */
  if (!table || !queue) die("out of memory", NULL);
  noteBytes(0);

  uint64_t layers[1024];
  int nl = 0, depth = 0;
  uint64_t expanded = 0, generated = 0;
  const char *status = "unsolvable";
  int solvedDepth = -1;
  insert(start);
  queue[qcount++] = start;
  layers[nl++] = 1;
  if (field(start, 0) == portal) {
    status = "solved";
    solvedDepth = 0;
    goto done;
  }
  uint64_t head = 0, levelEnd = 1;
  unsigned char occ[MAX_SQ];
  memset(occ, 0, sizeof occ);
  int sqs[MAX_PIECES];
  while (head < qcount) {
    if (head == levelEnd) {
      depth++;
      levelEnd = qcount;
      if (nl < 1024) layers[nl++] = qcount;
    }
    uint64_t s = queue[head++];
    expanded++;
    for (int i = 0; i < n; i++) {
      sqs[i] = field(s, i);
      occ[sqs[i]] = 1;
    }
    for (int i = 0; i < n; i++) {
      int from = sqs[i];
      int c = cls[i];
      const int *r = rayStart[c][from];
      int nr = rayCount[c][from];
      int a = gstart[i], e = gend[i];
      for (int k = 0; k < nr; k++, r += 1 + r[0]) {
        int len = r[0];
        for (int j = 1; j <= len; j++) {
          int to = r[j];
          if (occ[to]) break;
          generated++;
          uint64_t t;
          if (e - a == 1) {
            t = (s & ~(FMASK << (i * BITS))) | ((uint64_t)to << (i * BITS));
          } else {
            /* re-sort the group: its squares without `from`, plus `to`, ascending */
            t = s;
            int q = a, placed = 0;
            for (int g = a; g < e; g++) {
              if (g == i) continue;
              int v = sqs[g];
              if (!placed && to < v) {
                t = (t & ~(FMASK << (q * BITS))) | ((uint64_t)to << (q * BITS));
                q++;
                placed = 1;
              }
              t = (t & ~(FMASK << (q * BITS))) | ((uint64_t)v << (q * BITS));
              q++;
            }
            if (!placed) t = (t & ~(FMASK << (q * BITS))) | ((uint64_t)to << (q * BITS));
          }
          if (tcount * 4 >= tcap * 3) growTable();
          /* the limit: one more state would have to be stored */
          uint64_t h = mix(t) & tmask;
          int found = 0;
          for (;;) {
            uint64_t key = table[h];
            if (key == t) {
              found = 1;
              break;
            }
            if (!key) break;
            h = (h + 1) & tmask;
          }
          if (found) continue;
          if (qcount >= limit) {
            status = "limit";
            goto done;
          }
          table[h] = t;
          tcount++;
          queue[qcount++] = t;
          if (i == 0 && to == portal) {
            status = "solved";
            solvedDepth = depth + 1;
            goto done;
          }
        }
      }
    }
    for (int i = 0; i < n; i++) occ[sqs[i]] = 0;
  }
done:;
  double searchCpu = processCpuSec() - search0;
  noteBytes(0);
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  double cpu = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
  printf("{\"status\":\"%s\",\"depth\":%d,\"layers\":[", status, solvedDepth >= 0 ? solvedDepth : depth);
  for (int i = 0; i < nl; i++) printf("%s%llu", i ? "," : "", (unsigned long long)layers[i]);
  printf("],\"states\":%llu,\"expanded\":%llu,\"generated\":%llu,\"cpuSec\":%.4f,\"searchCpuSec\":%.4f,\"maxRss\":%lld,\"bytes\":%llu,\"peakBytes\":%llu}\n",
         (unsigned long long)qcount, (unsigned long long)expanded, (unsigned long long)generated, cpu, searchCpu, (long long)ru.ru_maxrss * 1024,
         (unsigned long long)(qcount * 8 + tcap * 8), (unsigned long long)peakBytes);
  return 0;
}
