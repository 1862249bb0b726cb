/** A sad vinyl record with a cracked edge: the 404 page's picture. */
export function SadRecord({ size = 180 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 200 200" role="img" aria-label="A sad record">
      <defs>
        <radialGradient id="sad-record-shine" cx="35%" cy="30%" r="70%">
          <stop offset="0%" stopColor="#3b3450" />
          <stop offset="100%" stopColor="#16131f" />
        </radialGradient>
      </defs>
      <circle cx="100" cy="100" r="92" fill="url(#sad-record-shine)" stroke="#7950f2" strokeWidth="3" />
      {[78, 66, 54].map((r) => (
        <circle key={r} cx="100" cy="100" r={r} fill="none" stroke="#2c2740" strokeWidth="2" />
      ))}
      <circle cx="100" cy="100" r="40" fill="#9775fa" />
      <circle cx="86" cy="92" r="4.5" fill="#16131f" />
      <circle cx="114" cy="92" r="4.5" fill="#16131f" />
      <path d="M84 116 Q100 104 116 116" fill="none" stroke="#16131f" strokeWidth="4" strokeLinecap="round" />
      <path d="M113 100 q3 6 0 9 q-3 -3 0 -9z" fill="#74c0fc" />
      <circle cx="100" cy="100" r="3" fill="#16131f" />
      <path d="M164 38 l-14 16 l10 4 l-12 18" fill="none" stroke="#16131f" strokeWidth="4" strokeLinejoin="round" />
    </svg>
  );
}
