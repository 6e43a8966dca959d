// socket.io-client's browser build (a UMD bundle that ships without types): the same `io` as the package's.
declare module "socket.io-client/dist/socket.io.js" {
  import type { io } from "socket.io-client";
  const browserBuild: { io: typeof io };
  export default browserBuild;
}
