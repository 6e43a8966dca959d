// Parts of a locale file, split by the `locale-parts` plugin of vite.config.ts.
declare module "*.json?core" {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module "*.json?info" {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module "*.json?operator" {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module "*.json?later" {
  const texts: Record<string, unknown>;
  export default texts;
}
