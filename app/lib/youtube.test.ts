import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { INVALID_YOUTUBE_URL, parseYouTubeId, youtubeEmbedUrl, youtubeThumbnailUrl } from "./youtube";

const ID = "dQw4w9WgXcQ";
const refused = { ok: false, error: INVALID_YOUTUBE_URL };

describe("parseYouTubeId", () => {
  test.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}&feature=channel`,
    `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`,
    `https://www.youtube.com/watch?v=${ID}&list=PL9bw4S5ePsEHQKZ4uTtbNXNQGjjOB8bRk&index=2`,
    `https://www.youtube.com/watch?v=${ID}#t=30`,
    `www.youtube.com/watch?v=${ID}`,
    `youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?t=10`,
    `https://youtu.be/${ID}?si=AbCdEfGh12345678`,
    `youtu.be/${ID}`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/embed/${ID}?rel=0&start=5`,
    `https://www.youtube-nocookie.com/embed/${ID}?rel=0`,
    `//www.youtube-nocookie.com/embed/${ID}?rel=0`,
    `youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/v/${ID}?fs=1&hl=en_US`,
    `http://www.youtube.com/e/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}?feature=share`,
    `https://www.youtube.com/live/${ID}?si=abc`,
    `http://www.youtube.com/user/Scobleizer#p/u/1/${ID}`,
    `http://www.youtube.com/user/SilkRoadTheatre#p/a/u/2/${ID}`,
    `https://www.youtube.com/u/1/${ID}`,
    `http://www.youtube.com/attribution_link?a=JdfC0C9V6ZI&u=%2Fwatch%3Fv%3D${ID}%26feature%3Dshare`,
    `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`,
    `  https://youtu.be/${ID}  `,
    `https://www.youtube.com:443/watch?v=${ID}`,
  ])("reads the id from %s", (url) => {
    expect(parseYouTubeId(url)).toEqual({ ok: true, id: ID });
  });

  test.each([
    "",
    "   ",
    ID, // a bare id is not one of the URL forms the spec names
    "https://www.youtube.com/",
    "https://www.youtube.com/watch",
    "https://www.youtube.com/watch?v=",
    `https://www.youtube.com/watch?v=${ID.slice(0, 10)}`,
    `https://www.youtube.com/watch?v=${ID}X`,
    `https://youtu.be/${ID.slice(0, 10)}`,
    `https://youtu.be/${ID}X`,
    `https://youtu.be/${ID}/extra`,
    `https://www.youtube.com/embed/${ID}%00`,
    `https://www.youtube.com/watch?v=${ID.slice(0, 10)}!`,
    `https://evil.example/youtube.com/watch?v=${ID}`,
    `https://evil.com/?u=https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://notyoutube.com/watch?v=${ID}`,
    `https://youtube.com.evil.example/embed/${ID}`,
    `https://youtu.be.evil.example/${ID}`,
    `https://www.youtube.com@evil.example/watch?v=${ID}`,
    `https://user:pass@www.youtube.com/watch?v=${ID}`,
    `javascript:alert(1)//youtube.com/watch?v=${ID}`,
    `JavaScript://www.youtube.com/watch?v=${ID}`,
    `data:text/html,https://youtu.be/${ID}`,
    `ftp://youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/playlist?list=PL9bw4S5ePsEHQKZ4uTtbNXNQGjjOB8bRk`,
    `https://www.youtube.com/channel/UCq-Fj5jknLsUf-MWSy4_brA`,
    `https://www.youtube-nocookie.com/watch?v=${ID}`,
    `https://www.youtube.com/attribution_link?u=//evil.example/watch?v=${ID}`,
    `https://www.youtube.com/attribution_link?u=/attribution_link?u=/watch?v=${ID}`,
    "not a url at all",
    `https://www.youtube.com/watch?v=${"a".repeat(5000)}`,
  ])("refuses %s", (input) => {
    expect(parseYouTubeId(input)).toEqual(refused);
  });
});

const idChar = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-");
const anId = fc.string({ unit: idChar, minLength: 11, maxLength: 11 });
const badLengthId = fc.oneof(
  fc.string({ unit: idChar, minLength: 10, maxLength: 10 }),
  fc.string({ unit: idChar, minLength: 12, maxLength: 12 }),
);
const scheme = fc.constantFrom("https://", "http://", "//", "");
const mainHost = fc.constantFrom("youtube.com", "www.youtube.com", "m.youtube.com");
const query = fc.constantFrom("", "?t=42", "?feature=share", "?si=Xy_12-ab&t=3");

/** Every supported URL form, built around `id`. */
const supportedUrl = (id: string) =>
  fc.oneof(
    fc.tuple(scheme, query).map(([s, q]) => `${s}youtu.be/${id}${q}`),
    fc
      .tuple(scheme, mainHost, fc.constantFrom("", "feature=share&", "t=1m&list=PLx&"), fc.constantFrom("", "&t=10s"))
      .map(([s, host, before, after]) => `${s}${host}/watch?${before}v=${id}${after}`),
    fc
      .tuple(scheme, mainHost, fc.constantFrom("embed", "v", "shorts"), query)
      .map(([s, host, prefix, q]) => `${s}${host}/${prefix}/${id}${q}`),
    fc
      .tuple(scheme, fc.constantFrom("youtube-nocookie.com", "www.youtube-nocookie.com"), query)
      .map(([s, host, q]) => `${s}${host}/embed/${id}${q}`),
    fc.tuple(scheme, mainHost, fc.nat(20)).map(([s, host, n]) => `${s}${host}/u/${n}/${id}`),
    fc.tuple(scheme, mainHost, fc.nat(20)).map(([s, host, n]) => `${s}${host}/user/someone#p/u/${n}/${id}`),
  );

const isWellFormed = (result: ReturnType<typeof parseYouTubeId>) =>
  result.ok ? /^[A-Za-z0-9_-]{11}$/.test(result.id) : result.error === INVALID_YOUTUBE_URL;

describe("parseYouTubeId (properties)", () => {
  test("every supported form gives back exactly the id it was built around", () => {
    fc.assert(
      fc.property(
        anId.chain((id) => supportedUrl(id).map((url) => [id, url] as const)),
        ([id, url]) => {
          expect(parseYouTubeId(url)).toEqual({ ok: true, id });
        },
      ),
      { numRuns: 500 },
    );
  });

  test("never throws, and answers either a well-formed id or the error", () => {
    const anything = fc.oneof(
      fc.string(),
      fc.string({ unit: "binary" }),
      fc.string({ unit: "grapheme" }),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.webUrl({ validSchemes: ["javascript", "data", "ftp", "http", "https"] }),
      // Mutations of real forms: a random chunk spliced into a valid URL.
      fc
        .tuple(anId.chain(supportedUrl), fc.string({ unit: "binary-ascii" }), fc.nat())
        .map(([url, chunk, at]) => url.slice(0, at % (url.length + 1)) + chunk + url.slice(at % (url.length + 1))),
    );
    fc.assert(
      fc.property(anything, (input) => {
        expect(isWellFormed(parseYouTubeId(input))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  test("refuses hosts that merely contain youtube", () => {
    const lookalikeHost = fc.oneof(
      fc.domain().map((domain) => `youtube.com.${domain}`),
      fc.domain().map((domain) => `youtu.be.${domain}`),
      fc.domain().map((domain) => `${domain}/youtube.com`),
      fc.domain().map((domain) => `${domain}/www.youtube.com`),
      fc.domain().map((domain) => `${domain}?youtube.com`),
      fc.constantFrom("youtube.co", "youtube.com.", "youtubee.com", "my-youtube.com", "xn--youtube.com"),
    );
    fc.assert(
      fc.property(
        lookalikeHost,
        scheme,
        anId,
        fc.constantFrom("watch?v=", "embed/", "v/", "shorts/", ""),
        (host, s, id, path) => {
          // A generated domain can happen to be a real one (`youtube.com` is a valid domain too).
          fc.pre(!/^(?:[a-z-]+\.)?(?:youtube|youtube-nocookie)\.com\b(?![.-])|^youtu\.be\b(?![.-])/.test(host));
          expect(parseYouTubeId(`${s}${host}/${path}${id}`)).toEqual(refused);
        },
      ),
      { numRuns: 500 },
    );
  });

  test("refuses ids of 10 or 12 characters in every form", () => {
    fc.assert(
      fc.property(badLengthId.chain(supportedUrl), (url) => {
        expect(parseYouTubeId(url)).toEqual(refused);
      }),
      { numRuns: 500 },
    );
  });
});

describe("YouTube URLs built from an id", () => {
  test("thumbnail and privacy-enhanced embed", () => {
    expect(youtubeThumbnailUrl(ID)).toBe(`https://i.ytimg.com/vi/${ID}/hqdefault.jpg`);
    expect(youtubeEmbedUrl(ID, { autoplay: true })).toBe(`https://www.youtube-nocookie.com/embed/${ID}?autoplay=1`);
    expect(youtubeEmbedUrl(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
  });
});
