/**
 * Hand-designed specs of the Chess Maze sample levels (see
 * chess-maze-samples.ts for the notation and the checking tool).
 */
export interface Spec {
  file: string;
  title: string;
  description: string;
  tags?: string[];
  map: string[];
  pieces: string[];
  tiles: string[];
  collect?: boolean;
  spell?: string;
  moveLimit?: number;
}

export const SPECS: Spec[] = [
  {
    file: '01-stepping-stones',
    title: 'Stepping Stones',
    description: 'Knights jump over holes, so hop from island to island to reach the flag.',
    map: ['..###', '##.##', '####.', '.#.##', '..#..'],
    pieces: ['N:a1'],
    tiles: ['F:a5'],
  },
  {
    file: '02-coin-purse',
    title: 'Coin Purse',
    description: 'Gather every coin before the flag will count.',
    map: ['#...#', '..#..', '.....', '..#..', '#...#'],
    pieces: ['K:b1'],
    tiles: ['coin:b5', 'coin:e4', 'coin:a2', 'F:d1'],
    collect: true,
  },
  {
    file: '03-sentries',
    title: 'Sentries',
    description: 'Enemy pieces never move, but they stand in your way until you capture them.',
    map: ['......', '.####.', '.#..#.', '.#....', '.####.', '......'],
    pieces: ['R:a1', '!N:e3', '!P:a4'],
    tiles: ['F:c4'],
  },
  {
    file: '04-pawn-storm',
    title: 'Pawn Storm',
    description: 'A pawn steps forward, may step two from its start square, and moves diagonally only to capture.',
    map: ['....', '....', '....', '....', '....', '....', '....'],
    pieces: ['P:a2', '!P:b3', '!P:b4', '!N:b5', '!B:c6', '!R:a5'],
    tiles: ['F:c7'],
  },
  {
    file: '05-red-key',
    title: 'The Red Key',
    description: 'Pick up the red key and every red lock opens for the rest of the attempt.',
    map: ['..#..', '..#..', '.....', '..#..', '..#..'],
    pieces: ['K:a1'],
    tiles: ['lock:red:c3', 'key:red:a5', 'F:e1'],
  },
  {
    file: '06-first-word',
    title: 'First Word',
    description: 'Spell KING by picking up its letters in order, then take the flag.',
    map: ['.....', '.....', '.....', '.....', '.....'],
    pieces: ['K:c1'],
    tiles: ['L:K:e3', 'L:I:a3', 'L:N:c4', 'L:G:b2', 'L:N:d2', 'L:G:d5', 'F:c2'],
    spell: 'KING',
  },
  {
    file: '07-change-of-heart',
    title: 'Change of Heart',
    description: 'Land on the knight square to leap the chasm as a knight, then on the rook square to race home as a rook.',
    map: ['...#.....', '...######', '...######', '...######', '...######'],
    pieces: ['R:a1'],
    tiles: ['T:N:c4', 'T:R:e5', 'F:i5'],
  },
  {
    file: '08-hold-the-door',
    title: 'Hold the Door',
    description: 'A plate opens its locks only for the other pieces, so one piece must hold it while the other walks through.',
    map: ['.....', '.....', '##.##', '.....', '.....'],
    pieces: ['R:a2', 'K:e1'],
    tiles: ['plate:blue:c2', 'lock:blue:c3', 'F:e5'],
  },
  {
    file: '09-crossroads',
    title: 'Crossroads',
    description: 'Each crossroads tile offers a choice: leap between the halls as a knight, or race along them as a rook.',
    map: ['.#.#.', '.#.#.', '.#.#.', '.#.#.', '.#.#.', '.#.#.', '.#.#.'],
    pieces: ['R:a7'],
    tiles: ['T:NR:a4', 'T:NR:c3', 'T:NR:e4', 'coin:a1', 'coin:e1', 'coin:c7', 'F:e7'],
    collect: true,
  },
  {
    file: '10-sideways',
    title: 'Sideways',
    description: 'Pawns march the way they face; clear the lane before the east-bound pawn can reach the flag.',
    map: ['........', '........', '........', '........', '........'],
    pieces: ['P:a3:east', 'P:e3', '!P:e4', '!N:f4', '!B:g5', '!R:f2'],
    tiles: ['F:h4'],
  },
  {
    file: '11-shared-key',
    title: 'The Shared Key',
    description: 'Keys are shared by the whole team: the knight fetches it, the bishop walks through the door.',
    map: ['....#..', '....#..', '.....#.', '.......', '.......', '.......'],
    pieces: ['B:b1', 'N:a6', '!P:d3'],
    tiles: ['lock:red:f5', 'key:red:g1', 'gem:c5', 'gem:e2', 'F:g6'],
  },
  {
    file: '12-against-the-clock',
    title: 'Against the Clock',
    description: 'Six coins, two pieces and not a single move to spare.',
    map: ['..#...', '......', '.#..#.', '......', '...#..', '#.....'],
    pieces: ['Q:b1', 'N:f1'],
    tiles: ['coin:a6', 'coin:f5', 'coin:c4', 'coin:e3', 'coin:a3', 'coin:c2', 'F:d6'],
    collect: true,
    moveLimit: 7,
  },
  {
    file: '13-sleeping-guard',
    title: 'Let Sleeping Guards Lie',
    description: 'The enemy knight asleep on the red plate holds the red door open for you, so do not capture it.',
    map: ['...#...', '.......', '...#...', '.......', '...#...'],
    pieces: ['R:a4', '!N:b4'],
    tiles: ['plate:red:b4', 'lock:red:d4', 'lock:red:d2', 'coin:a1', 'coin:g1', 'F:g5'],
    collect: true,
  },
  {
    file: '14-glide-over-words',
    title: 'Glide Over Words',
    description: 'A walking king must step on every letter in its path, but a slider glides over the ones you do not want.',
    map: ['......', '......', '......', '......', '......', '......'],
    pieces: ['K:a1'],
    tiles: ['L:R:b2', 'L:X:a3', 'L:X:b3', 'L:X:c3', 'L:X:d3', 'L:X:e3', 'L:X:f3', 'L:O:b6', 'L:O:e4', 'L:K:f5', 'L:X:d5', 'T:RB:d2', 'F:a5'],
    spell: 'ROOK',
    moveLimit: 10,
  },
  {
    file: '15-changing-of-the-guard',
    title: 'Changing of the Guard',
    description: 'Two doors, two plates, two pieces: each must stand guard while the other walks through.',
    map: ['.......', '.......', '#.#####', '...#...', '.......', '...#...', '...#...'],
    pieces: ['K:a1', 'R:b1'],
    tiles: ['plate:red:c2', 'lock:red:d3', 'plate:blue:f3', 'lock:blue:b5', 'F:b7'],
  },
  {
    file: '16-alchemists-vault',
    title: "The Alchemist's Vault",
    description: 'Hold the blue door for a friend, fetch the red key, and let the vault turn your king into a knight and then a rook.',
    map: ['...#...', '...###.', '#.####.', '...###.', '.#.###.', '.#.###.'],
    pieces: ['K:c2', 'R:b3'],
    tiles: ['plate:blue:c1', 'lock:blue:a2', 'key:red:a1', 'lock:red:b4', 'T:N:c5', 'T:R:e6', 'gem:a6', 'gem:c3', 'F:g1'],
  },
  {
    file: '17-grand-tour',
    title: 'Grand Tour',
    description: 'Pawn, king and rook share the work: a plate to hold, a key to find, a sentry to remove and every coin to collect.',
    map: ['...##..', '.......', '...####', '...#...', '.......', '...#...'],
    pieces: ['P:a2:east', 'K:a1', 'R:a5', '!N:f5'],
    tiles: ['plate:blue:c2', 'lock:blue:d2', 'key:red:g1', 'lock:red:d5', 'coin:a6', 'coin:g3', 'gem:e2', 'F:g6'],
    collect: true,
    moveLimit: 16,
  },
  {
    file: '18-the-relay',
    title: 'The Relay',
    description: 'Three doors, three plates, three pieces: pass the duty of holding each door down the line until one piece reaches the flag.',
    map: ['..#..#..#..', '..#.....#..', '.....#.....', '..#..#..#..'],
    pieces: ['K:a1', 'R:b1', 'B:a4'],
    tiles: ['plate:red:a3', 'lock:red:c2', 'plate:blue:d4', 'plate:blue:h1', 'lock:blue:f3', 'plate:yellow:g4', 'lock:yellow:i2', 'F:k4'],
  },
];
