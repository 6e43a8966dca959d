import { Link } from "react-router-dom";

/** Tabs as links (the choice lives in the address, so a tab can be linked and Back works); they wrap on a phone. */
export function TabLinks<T extends string>({
  label,
  tabs,
  current,
  href,
  text,
}: {
  label: string;
  tabs: readonly T[];
  current: T;
  href: (tab: T) => string;
  text: (tab: T) => string;
}) {
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="flex flex-wrap gap-1.5">
        {tabs.map((tab) => (
          <li key={tab}>
            <Link
              to={href(tab)}
              aria-current={tab === current ? "page" : undefined}
              className={`flex h-10 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition ${
                tab === current ? "border-primary-700 bg-primary-700 text-white" : "border-line bg-surface hover:border-primary-400"
              }`}
            >
              {text(tab)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
