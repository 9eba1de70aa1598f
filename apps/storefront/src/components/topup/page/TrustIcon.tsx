/** Line icons of the trust points, drawn in the text colour around them. */
const PATHS = {
  lock: 'M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5zM12 15v2',
  bolt: 'M13 2 4 14h7l-1 8 9-12h-7z',
  support: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H4zM17 14h3v6h-3M20 20a3 3 0 0 1-3 2h-3',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
} as const;

export type TrustIconName = keyof typeof PATHS;

export function TrustIcon({ name }: { name: TrustIconName }) {
  return (
    <svg
      className="trust-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
