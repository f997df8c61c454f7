// The certificate sealing signed PDFs: SIGNING_P12_PATH, or one made once into $DATA_DIR/signing.p12 (self-signed).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import forge from "node-forge";
import { env } from "../env";

export interface SigningCredentials {
  p12: Buffer;
  passphrase: string;
}

let cached: SigningCredentials | undefined;

export function signingCredentials(): SigningCredentials {
  cached ??= loadSigningCredentials(env());
  return cached;
}

/** The credentials these settings name: the configured file, else the generated one (made if missing). */
export function loadSigningCredentials(settings: {
  SIGNING_P12_PATH?: string;
  SIGNING_P12_PASSPHRASE: string;
  DATA_DIR: string;
}): SigningCredentials {
  const { SIGNING_P12_PATH, SIGNING_P12_PASSPHRASE, DATA_DIR } = settings;
  if (SIGNING_P12_PATH) return { p12: fs.readFileSync(SIGNING_P12_PATH), passphrase: SIGNING_P12_PASSPHRASE };
  const file = path.join(DATA_DIR, "signing.p12");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(DATA_DIR, { recursive: true });
    try {
      fs.writeFileSync(file, generateP12("Playfolio document sealing"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return { p12: fs.readFileSync(file), passphrase: "" };
}

/** A self-signed certificate for document signing and its key, as PKCS#12 with an empty passphrase. */
export function generateP12(commonName: string, passphrase = ""): Buffer {
  // Node makes the key (native, fast); forge writes the certificate and the PKCS#12 container.
  const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  cert.serialNumber = `01${crypto.randomBytes(15).toString("hex")}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 60 * 60 * 1000);
  const subject = [{ name: "commonName", value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: "3des" });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
}
