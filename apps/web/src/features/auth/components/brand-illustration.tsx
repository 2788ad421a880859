/** A diffuser releasing scent waves, drawn inline (decorative, hidden from screen readers). */
export function BrandIllustration() {
  return (
    <svg className="auth-brand-illustration" viewBox="0 0 320 220" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="diffuser-body" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#FFFFFF" stopOpacity="0.95" />
          <stop offset="1" stopColor="#FFE3CF" stopOpacity="0.9" />
        </linearGradient>
        <radialGradient id="diffuser-glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#FFFFFF" stopOpacity="0.35" />
          <stop offset="1" stopColor="#FFFFFF" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="160" cy="120" r="100" fill="url(#diffuser-glow)" />
      <g fill="none" stroke="#FFFFFF" strokeLinecap="round">
        <path d="M150 70c-18-16 12-26-4-44" strokeWidth="5" strokeOpacity="0.9" />
        <path d="M170 72c-14-18 16-24 2-46" strokeWidth="4" strokeOpacity="0.7" />
        <path d="M132 78c-20-10 4-26-14-38" strokeWidth="3" strokeOpacity="0.5" />
        <path d="M190 80c-6-16 22-18 14-36" strokeWidth="3" strokeOpacity="0.5" />
      </g>
      <circle cx="110" cy="40" r="6" fill="#FFFFFF" fillOpacity="0.55" />
      <circle cx="214" cy="30" r="4" fill="#FFFFFF" fillOpacity="0.6" />
      <circle cx="236" cy="70" r="8" fill="#FFFFFF" fillOpacity="0.35" />
      <circle cx="88" cy="96" r="5" fill="#FFFFFF" fillOpacity="0.45" />
      <rect x="146" y="74" width="28" height="16" rx="6" fill="#FFFFFF" fillOpacity="0.85" />
      <rect x="112" y="88" width="96" height="112" rx="28" fill="url(#diffuser-body)" />
      <rect x="128" y="118" width="64" height="8" rx="4" fill="#F26B1D" fillOpacity="0.55" />
      <circle cx="160" cy="158" r="18" fill="none" stroke="#F26B1D" strokeWidth="4" strokeOpacity="0.7" />
      <circle cx="160" cy="158" r="6" fill="#F26B1D" fillOpacity="0.8" />
    </svg>
  );
}
