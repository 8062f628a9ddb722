/** The three accepted payment schemes shown in the footer: mada, Visa, Mastercard. */
export function PaymentLogos() {
  return (
    <div className="flex items-center gap-3" dir="ltr">
      <svg viewBox="0 0 64 40" className="h-8 w-12 rounded bg-white p-1" role="img" aria-label="mada">
        <rect x="4" y="10" width="22" height="7" fill="#84B740" />
        <rect x="4" y="22" width="22" height="7" fill="#259BD6" />
        <text x="30" y="27" fontFamily="Arial" fontWeight="700" fontSize="13" fill="#27292D">
          mada
        </text>
      </svg>
      <svg viewBox="0 0 64 40" className="h-8 w-12 rounded bg-white p-1" role="img" aria-label="Visa">
        <text x="6" y="28" fontFamily="Arial" fontStyle="italic" fontWeight="900" fontSize="20" fill="#1A1F71">
          VISA
        </text>
      </svg>
      <svg viewBox="0 0 64 40" className="h-8 w-12 rounded bg-white p-1" role="img" aria-label="Mastercard">
        <circle cx="25" cy="20" r="12" fill="#EB001B" />
        <circle cx="39" cy="20" r="12" fill="#F79E1B" fillOpacity="0.9" />
      </svg>
    </div>
  );
}
