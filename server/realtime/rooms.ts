// The socket.io rooms: an auction's watchers, a status list's watchers, a user's sockets (all, and those of visible
// pages), a session's sockets and every operator's sockets.
export const rooms = {
  auction: (id: number) => `auction:${id}`,
  status: (status: string) => `status:${status}`,
  user: (id: string) => `user:${id}`,
  session: (idHash: string) => `session:${idHash}`,
  operators: "operators",
  /** A user's sockets whose page is visible now: while any is, Web Push stays quiet (decision 035). */
  visible: (userId: string) => `visible:${userId}`,
};
