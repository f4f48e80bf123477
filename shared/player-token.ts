// The response header in which the Worker hands back a renewed player token (past half its
// life); the site keeps the new one. CORS exposes it, so an embed on another origin reads it too.
export const RENEWED_TOKEN_HEADER = "X-Tumbleword-Token";
