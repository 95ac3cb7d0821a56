/** See react-router-cli.mjs. */
export function reactRouterCli(dir?: string): string;
