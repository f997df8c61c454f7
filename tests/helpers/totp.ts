// The code an authenticator app would show for a secret (RFC 6238: SHA-1, 6 digits, 30 s).
import * as OTPAuth from "otpauth";

export function totpCode(base32Secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(base32Secret), digits: 6, period: 30 }).generate();
}
