/**
 * The request-body limit of a car's photo page (issue 49 item 2): the server's body limits
 * (server/guards.ts) apply it before anything reads the post, and the page states it. It lets
 * several full-size photos go in one post, and lets a too-large file (a 50 MB scan) reach the page
 * so it is refused on its own while the other files are kept.
 */
export const PHOTO_POST_MAX_BYTES = 160 * 1024 * 1024;

/** The console path of a car's photo page (the only path the limit applies to). */
export const PHOTO_POST_PATH = /^\/sites\/[^/]+\/stock\/[^/]+\/photos$/;
