// The paths the server answers itself: the API, sign-in, the socket, the dev mailbox and tools, the payment sandbox's
// checkout page, uploaded media, the metrics. The server never gives them the app's page; the service worker never
// answers them.

export const SERVER_PATH_PREFIXES = ["/api/", "/authn/", "/socket.io/", "/dev/", "/sandbox/", "/media/", "/metrics"] as const;

/** Whether a path (no query) belongs to the server rather than to the app's router. */
export function isServerPath(pathname: string): boolean {
  return SERVER_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
