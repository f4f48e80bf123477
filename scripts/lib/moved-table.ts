// What scripts/rebalance-shards.ts knows of a table it moves rows of (its tables, and lib/rebalance-room-link-tables.ts).

/** A table whose rows live on their player's shard: how to page it and how to write a copy. */
export interface MovedTable {
  table: string;
  /** Its primary key (the paging order; rowid for a key of two columns), and the column (or SQL of the row) whose hash places it: the player, a league's id, a guest's round key. */
  key: string;
  player: string;
  /** Columns copied; blobs read as hex. */
  columns: string[];
  blobs?: string[];
  /** What a copy does when its shard already has the row. */
  onConflict: string;
  /** "copy": copied, the old row left for a later pass; "delete": only deleted (its copy made by an earlier pass). Default: both. */
  mode?: "copy" | "delete";
  /** A row of another table each copied row references, copied first when the target lacks it. */
  requires?: Required;
  /** Deleted only where this holds (SQL on the table's row): what still references it stays. */
  deleteWhen?: string;
}

/** A referenced row (by `via`, a column of the moved row) copied along, kept where it was too. */
export interface Required {
  table: string;
  key: string;
  via: string;
  columns: string[];
}

