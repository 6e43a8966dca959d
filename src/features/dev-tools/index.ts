// The dev panel (outside production, for a tester who asked: decision 080): the drawer the layout mounts, and the
// button the navigation holds.
export { DevToolsLauncher, DevToolsOpener } from "./dev-tools-launcher";
