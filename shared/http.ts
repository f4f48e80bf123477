// What the Worker and the site agree on beyond the typed routes.

/** The response header in which a renewed player token comes back (worker/auth/middleware.ts). */
export const TOKEN_HEADER = "X-Tumbleword-Token";
