// The dev panel (outside production): what the layout mounts.
export { DevToolsLauncher } from "./DevToolsLauncher";
