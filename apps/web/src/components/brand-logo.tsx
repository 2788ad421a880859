import { PRODUCT_NAME } from '@scentia/shared/constants';
import { useId } from 'react';

type BrandLogoProps = {
  size?: number;
  /** Light wordmark for dark or orange backgrounds. */
  isInverted?: boolean;
  isWordmarkHidden?: boolean;
};

/** The Scentia mark (an S with rising scent waves) and wordmark, drawn inline to cost no request. */
export function BrandLogo({ size = 32, isInverted = false, isWordmarkHidden = false }: BrandLogoProps) {
  const gradientId = useId();
  return (
    <span className="brand-logo" style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#F5893F" />
            <stop offset="1" stopColor="#C2410C" />
          </linearGradient>
        </defs>
        <rect
          width="64"
          height="64"
          rx="16"
          fill={isInverted ? 'rgba(255,255,255,0.18)' : `url(#${gradientId})`}
        />
        <path
          d="M22 40c0 5 4.5 8 10 8s10-3 10-8c0-4-3-6-8-7.5l-4-1.2c-3-.9-4.4-2-4.4-3.8 0-2.2 2.3-3.7 5.4-3.7 3 0 5.2 1.4 5.9 3.6"
          fill="none"
          stroke="#fff"
          strokeWidth="4.5"
          strokeLinecap="round"
        />
        <path
          d="M40 14c2 2 2 4 0 6M45 11c3.2 3.4 3.2 7.6 0 11"
          fill="none"
          stroke="#fff"
          strokeOpacity=".75"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      {!isWordmarkHidden && (
        <span
          style={{
            fontSize: size * 0.62,
            fontWeight: 700,
            letterSpacing: '-0.02em',
            color: isInverted ? '#FFFFFF' : '#1F1F1F',
          }}
        >
          {PRODUCT_NAME}
        </span>
      )}
    </span>
  );
}
