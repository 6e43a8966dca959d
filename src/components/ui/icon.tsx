import type { CSSProperties } from "react";

/** A single-colour SVG file drawn in the current text colour (as a CSS mask), decorative. */
export function Icon({ src, className = "size-5" }: { src: string; className?: string }) {
  const style = { maskImage: `url("${src}")`, WebkitMaskImage: `url("${src}")` } as CSSProperties;
  return (
    <span
      aria-hidden="true"
      style={style}
      className={`inline-block bg-current [mask-size:contain] [mask-position:center] [mask-repeat:no-repeat] ${className}`}
    />
  );
}
