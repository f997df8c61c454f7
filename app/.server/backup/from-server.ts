// The backup command's side of POST /internal/backup: asks the server holding $DATA_DIR for an archive and saves it.
import http from "node:http";
import { text } from "node:stream/consumers";
import { saveStream } from "./archive";
import { BackupError } from "./errors";
import { backupToken } from "./token";

function post(host: string, port: number): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    // node:http rather than fetch: making a large archive may take longer than fetch waits for headers.
    const request = http.request({
      host,
      port,
      method: "POST",
      path: "/internal/backup",
      headers: { Authorization: `Bearer ${backupToken()}`, "Content-Length": "0" },
      agent: false,
    });
    request.once("response", resolve);
    request.once("error", reject);
    request.end();
  });
}

/** Saves the server's archive at `file`; throws BackupError when the server refuses or the transfer breaks. */
export async function downloadBackup(port: number, file: string): Promise<void> {
  let response: http.IncomingMessage | undefined;
  let lastError: unknown;
  // The server may listen on IPv4, IPv6 or both.
  for (const host of ["127.0.0.1", "::1"]) {
    try {
      response = await post(host, port);
      break;
    } catch (error) {
      lastError = error;
    }
  }
  if (!response) {
    const reason = lastError instanceof Error ? lastError.message : String(lastError);
    throw new BackupError(`Cannot reach the Playfolio server on port ${port} to make the backup (${reason}).`);
  }
  if (response.statusCode === 404) {
    response.resume();
    throw new BackupError(
      `The Playfolio server on port ${port} refused the backup request: ` +
        "it may run an older version, or with another AUTH_SECRET than this command.",
    );
  }
  if (response.statusCode !== 200) {
    const said = (await text(response).catch(() => "")).trim();
    throw new BackupError(`The Playfolio server could not make the backup: ${said || `HTTP ${response.statusCode}`}`);
  }
  try {
    await saveStream(response, file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`The backup from the server was cut off (${reason}); nothing was saved.`);
  }
}
