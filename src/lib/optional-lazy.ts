// A part of a page that the page can do without (the dev panel, a guided tour): its code is a chunk of its own, and
// when that chunk cannot load (the network dropped, a deployment replaced it) the part draws nothing instead of
// failing the whole page into its error screen.
import { lazy, type ComponentType } from "react";

const nothing = () => null;

export function optionalLazy<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: nothing as ComponentType<Props> }),
    ),
  );
}
