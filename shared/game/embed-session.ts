// The embed's cookie identity, shared by the Worker and the embed page. A frame on another site
// may be refused all storage (Chromium's default blocks third-party storage) yet still keep a
// partitioned cookie (CHIPS): the Worker keeps the player's token there, HttpOnly, and accepts it
// only on same-origin requests that carry EMBED_HEADER (a header no other site may send: CORS
// does not allow it, so a forged cross-site request cannot ride on the cookie).
export const EMBED_HEADER = "X-Tumbleword-Embed";
