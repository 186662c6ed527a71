/** Card numbers are 12 to 19 digits. */
export const CARD_NUMBER_MAX_DIGITS = 19;

function digits(value: string, max: number): string {
  return value.replace(/\D/g, "").slice(0, max);
}

/** The card number as typed, grouped by four: "4242424242424242" → "4242 4242 4242 4242". */
export function formatCardNumber(value: string): string {
  return digits(value, CARD_NUMBER_MAX_DIGITS).replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * The expiry as typed, shaped MM/YY: the slash comes after the month, and a single digit above 1
 * is a month on its own ("4" → "04/"). Deleting back over the slash removes it (`previous` ends in it).
 */
export function formatExpiry(value: string, previous = ""): string {
  const typed = digits(value, 4);
  if (previous.endsWith("/") && value.length < previous.length) return typed.slice(0, 1);
  if (typed.length === 1 && Number(typed) > 1) return `0${typed}/`;
  if (typed.length < 2) return typed;
  const rest = typed.slice(2);
  return `${typed.slice(0, 2)}/${rest}`;
}

/** The security code: three or four digits. */
export function formatCvc(value: string): string {
  return digits(value, 4);
}

/** The one-time code of the verification step. */
export function formatVerificationCode(value: string): string {
  return digits(value, 12);
}

export interface CardDetails {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardErrors = Partial<Record<keyof CardDetails, string>>;

/** What is wrong with the card details, field by field (empty when they can be sent). */
export function cardErrors(card: CardDetails, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const numberDigits = card.number.replace(/\D/g, "");
  if (numberDigits.length < 12) errors.number = "Enter the card number.";

  const expiry = /^(\d{2})\/(\d{2})$/.exec(card.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) {
    errors.expiry = "Enter the expiry as MM/YY.";
  } else {
    const year = 2000 + Number(expiry[2]);
    const expired = year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
    if (expired) errors.expiry = "This card has expired.";
  }

  if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = "Enter the 3- or 4-digit security code.";
  if (!card.name.trim()) errors.name = "Enter the name on the card.";
  return errors;
}

/** A test card's outcome in words: "insufficient_funds" → "Insufficient funds". */
export function describeOutcome(outcome: string): string {
  const labels: Record<string, string> = {
    approved: "Approved",
    declined: "Declined",
    insufficient_funds: "Insufficient funds",
    verification_required: "Asks for a verification code",
  };
  const words = outcome.replace(/_/g, " ");
  return labels[outcome] ?? `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** An expiry a year ahead (December), for filling the form from a test card. */
export function sampleExpiry(now: Date = new Date()): string {
  return `12/${String((now.getFullYear() + 1) % 100).padStart(2, "0")}`;
}
