// The code an authenticator app would show for a secret (RFC 6238: SHA-1, 6 digits, 30 s).
// A code is accepted once per account (and up to one step early or late), so a
// test that needs a second code soon after the first asks for the next step's.
import * as OTPAuth from "otpauth";

export function totpCode(base32Secret: string, options: { stepsAhead?: number } = {}): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(base32Secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + (options.stepsAhead ?? 0) * 30_000 });
}
