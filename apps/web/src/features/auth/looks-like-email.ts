/**
 * Sign-in and sign-up only check the shape of an address (the auth server decides the rest): the
 * spec's stricter email rule (a 2-3 letter ending) is for payment forms and would refuse real
 * addresses such as name@school.academy or the demo accounts at *.localhost.
 */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(value.trim());
}
