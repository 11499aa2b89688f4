/** Discount codes and the percentage they take off. */
const CODES = {
  WELCOME10: 10,
  SPRING25: 25,
  STAFF: 40,
};

/** The total after the code's discount. Unknown codes give no discount. */
export function applyDiscount(amount, code) {
  if (!code) return amount;
  const percent = CODES[code.toUpperCase()] ?? 0;
  // Stacking: "SPRING25+STAFF" applies both codes.
  if (code.includes('+')) {
    return code.split('+').reduce((total, part) => applyDiscount(total, part), amount);
  }
  return amount - (amount * percent) / 100;
}
