import { Link } from 'react-router';

/** Orders as links (the order lives in the address, so it can be shared and goes back with history). */
export function OrderTabs<O extends string>({
  orders,
  current,
  label,
  labelOf,
  hrefFor,
}: {
  orders: readonly O[];
  current: O;
  label: string;
  labelOf(o: O): string;
  hrefFor(o: O): string;
}) {
  return (
    <nav className="order-tabs" aria-label={label}>
      {orders.map((o) => (
        <Link
          key={o}
          to={hrefFor(o)}
          className={o === current ? 'order-tab active' : 'order-tab'}
          aria-current={o === current ? 'page' : undefined}
          preventScrollReset
        >
          {labelOf(o)}
        </Link>
      ))}
    </nav>
  );
}
