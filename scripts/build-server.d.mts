/** One server entry and the file it is built to, both relative to the project's root. */
export type ServerBuild = { entry: string; outfile: string };
export const productServer: ServerBuild;
export function buildServer(target: ServerBuild): Promise<void>;
