// The headers better-auth records on a new session: the User-Agent, and the address Express resolved (our header).
export const CLIENT_IP_HEADER = "x-playfolio-client-ip";

export function clientHeaders(request: { ip: string; userAgent?: string | null }, base?: HeadersInit): Headers {
  const headers = new Headers(base);
  headers.delete(CLIENT_IP_HEADER);
  headers.delete("x-forwarded-for");
  if (request.userAgent) headers.set("user-agent", request.userAgent.slice(0, 512));
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}
