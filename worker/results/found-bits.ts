// A round's found words as rounds.found stores them: a bitset over the day's solution. The
// storage layer owns the type it stores; results/found-set.ts builds and merges the sets. (No
// D1 import here: the Node scripts that read found sets type-check without the Worker's types.)
export type FoundBits = Uint8Array;
