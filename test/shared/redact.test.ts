import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { redact, redactJsonLines, redactNote, redactSecrets, REDACTION_RULES } from "../../src/shared/redact.js";

// Samples in each service's real format (fakes: no live credential). Built from parts so the
// repository itself holds no string a scanner flags as a key.
const OPENAI_PROJ = "sk-proj-" + "Abc123DEF456ghi789JKL012mno345PQR678stu901VWX234yz_-aB";
const OPENAI_SHORT = "sk-proj-" + "a1B2c3D4e5";
const OPENAI_LEGACY = "sk-" + "aBcDeFgHiJkLmNoPqRsT" + "T3BlbkFJ" + "uVwXyZaBcDeFgHiJkLmN";
const ANTHROPIC = "sk-ant-" + "api03-" + "x".repeat(20) + "Yz09_-" + "q".repeat(60) + "AA";
const GITHUB = "ghp_" + "1a2B3c4D5e6F7g8H9i0JkLmNoPqRsTuVwXyZ";
const GITHUB_OAUTH = "gho_" + "ZyXwVuTsRqPoNmLkJi0H9g8F7e6D5c4B3a2A";
const GITHUB_SERVER = "ghs_" + "16C7e42F292c6912E7710c838347Ae178B4a";
const GITHUB_FINE = "github_pat_" + "11ABCDEFG0abcdefghijkl_" + "mnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij";
const AWS = "AKIA" + "IOSFODNN7EXAMPLE";
const SLACK = "xoxb-" + "123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx";
const JWT = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" + "." + "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0" + "." + "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
const KEY_BLOCK = [
  "-----BEGIN OPENSSH " + "PRIVATE KEY-----",
  "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
  "QyNTUxOQAAACBmZXh0cmFrZXlkYXRhZm9ydGVzdGluZ29ubHkxMjM0NTY3OAAAAJi7w8bL",
  "-----END OPENSSH " + "PRIVATE KEY-----",
].join("\n");

describe("redaction: each shape becomes its placeholder", () => {
  const cases: [string, string, string][] = [
    ["openai project key", `deployed with ${OPENAI_PROJ} yesterday`, "[redacted: openai key]"],
    ["short openai project key", `key ${OPENAI_SHORT}.`, "[redacted: openai key]"],
    ["legacy openai key", `OPENAI ${OPENAI_LEGACY}`, "[redacted: openai key]"],
    ["anthropic key", `use ${ANTHROPIC} for claude`, "[redacted: anthropic key]"],
    ["github classic", `token ${GITHUB}`, "[redacted: github token]"],
    ["github oauth", `oauth ${GITHUB_OAUTH}`, "[redacted: github token]"],
    ["github server", `app ${GITHUB_SERVER}`, "[redacted: github token]"],
    ["github fine-grained", `pat ${GITHUB_FINE}`, "[redacted: github token]"],
    ["aws access key id", `id ${AWS} region eu`, "[redacted: aws access key]"],
    ["slack token", `bot ${SLACK}`, "[redacted: slack token]"],
    ["jwt", `session ${JWT}`, "[redacted: jwt]"],
    ["private key block", `here:\n${KEY_BLOCK}\nthanks`, "[redacted: private key]"],
  ];
  for (const [name, input, label] of cases) {
    it(name, () => {
      const r = redactSecrets(input);
      expect(r.count).toBeGreaterThan(0);
      expect(r.text).toContain(label);
      for (const secret of [OPENAI_PROJ, OPENAI_SHORT, OPENAI_LEGACY, ANTHROPIC, GITHUB, GITHUB_OAUTH, GITHUB_SERVER, GITHUB_FINE, AWS, SLACK, JWT]) {
        expect(r.text).not.toContain(secret);
      }
      expect(r.text).not.toContain("b3BlbnNzaC1rZXktdjEAAAAABG5vbmU");
    });
  }

  it("keeps the name of an assignment and replaces only the value", () => {
    expect(redact("password=hunter2!")).toBe("password=[redacted: password]");
    expect(redact('db_password: "correct horse"')).toBe('db_password: "[redacted: password]"');
    expect(redact("passwd: s3cret")).toBe("passwd: [redacted: password]");
    expect(redact("Bash: export OPENAI_API_KEY=abcd1234efgh")).toBe("Bash: export OPENAI_API_KEY=[redacted: secret]");
    expect(redact(`export OPENAI_API_KEY=${OPENAI_PROJ}`)).toBe("export OPENAI_API_KEY=[redacted: openai key]");
    expect(redact('{"client_secret": "f00ba4b4z"}')).toBe('{"client_secret": "[redacted: secret]"}');
    expect(redact("GITHUB_TOKEN: 0123456789abcdef")).toBe("GITHUB_TOKEN: [redacted: secret]");
  });

  it("headers and connection strings", () => {
    expect(redact("curl -H 'Authorization: Bearer abc.def-123456'")).toBe("curl -H 'Authorization: Bearer [redacted: credential]'");
    expect(redact("Authorization: Basic dXNlcjpwYXNz")).toBe("Authorization: Basic [redacted: credential]");
    expect(redact("then bearer 9f8e7d6c5b4a3f2e1d")).toBe("then bearer [redacted: bearer token]");
    expect(redact("postgres://admin:s3cr3t@db.example.com:5432/app")).toBe("postgres://admin:[redacted: password]@db.example.com:5432/app");
    expect(redact("mongodb+srv://me:pa55@cluster0.mongodb.net")).toBe("mongodb+srv://me:[redacted: password]@cluster0.mongodb.net");
  });

  it("<private> spans, closed or not", () => {
    expect(redact("my pin <private>4321 and the safe code</private> ok")).toBe("my pin [redacted: private] ok");
    expect(redact("a <PRIVATE>one</PRIVATE> b <private>two</private> c")).toBe("a [redacted: private] b [redacted: private] c");
    expect(redact("start <private>never closed")).toBe("start [redacted: private]");
  });

  it("is idempotent and leaves references alone", () => {
    const once = redact(`password=hunter22 ${OPENAI_PROJ} <private>x</private> ${KEY_BLOCK}`);
    expect(redact(once)).toBe(once);
    expect(redact("export OPENAI_API_KEY=$OPENAI_API_KEY")).toBe("export OPENAI_API_KEY=$OPENAI_API_KEY");
    expect(redact("OPENAI_API_KEY=${SECRET_FROM_VAULT}")).toBe("OPENAI_API_KEY=${SECRET_FROM_VAULT}");
    expect(redact("api_key: <your key here>")).toBe("api_key: <your key here>");
  });

  it("leaves ordinary prose alone", () => {
    const prose = [
      "I changed my password yesterday and wrote it in 1Password.",
      "Password: changed on Monday, see the vault.",
      "The bearer authentication scheme is described in RFC 6750.",
      "The token bucket allows 10 requests per second.",
      "My monkey=banana joke fell flat; the secret is patience.",
      "Use the key on the hook by the door. ask-proj-meeting at 3pm.",
      "We met at https://example.com/path?x=1 and talked about postgres.",
      "skills-based hiring; sk-8 is not a key; AKIA is four letters.",
      "She said: email me at bob@example.com, password reset link expired.",
      // Code in a coding session: names, calls and constants are not secrets.
      "id = db.Column(db.Integer, primary_key=True)",
      "password = data.get('password')",
      'token = os.environ["GITHUB_TOKEN"]',
      "API_KEY = None",
      "user.password_hash = generate_password_hash(password)",
    ];
    for (const p of prose) expect(redact(p), p).toBe(p);
  });

  it("every rule is global and its placeholder names a kind", () => {
    for (const r of REDACTION_RULES) {
      expect(r.pattern.global, r.id).toBe(true);
      expect(r.label).toMatch(/^[a-z ]+$/);
    }
  });
});

describe("redaction: generic token and secret names, in URLs, JSON and env lines", () => {
  const HEX = "8f3a9c2e" + "7b1d4f6a0e5c";
  const B64 = "ya29." + "a0AfH6SMBx3k9Qz7";
  it("redacts a generated value under token, secret, auth or sig, keeping the name and the rest of the URL", () => {
    const cases: [string, string][] = [
      [`GET https://api.example.com/v1/items?token=${HEX}&limit=10`, "GET https://api.example.com/v1/items?token=[redacted: secret]&limit=10"],
      [`https://example.com/cb?code=abc&access_token=${B64}`, "https://example.com/cb?code=abc&access_token=[redacted: secret]"],
      [`wss://host/socket?auth=${HEX}#top`, "wss://host/socket?auth=[redacted: secret]#top"],
      [`https://bucket.s3.amazonaws.com/f.pdf?X-Amz-Signature=${HEX}${HEX}`, "https://bucket.s3.amazonaws.com/f.pdf?X-Amz-Signature=[redacted: secret]"],
      [`{"token": "${HEX}", "user": "ann"}`, '{"token": "[redacted: secret]", "user": "ann"}'],
      [`{"secret":"hunter2hunter2"}`, '{"secret":"[redacted: secret]"}'],
      [`token=${HEX}`, "token=[redacted: secret]"],
      [`session_token: ${HEX}`, "session_token: [redacted: secret]"],
      [`webhook-secret = '${B64}'`, "webhook-secret = '[redacted: secret]'"],
      [`const sessionToken = "${HEX}";`, 'const sessionToken = "[redacted: secret]";'],
    ];
    for (const [input, want] of cases) expect(redact(input), input).toBe(want);
    // Idempotent: the placeholder is no value.
    for (const [, want] of cases) expect(redact(want)).toBe(want);
  });

  it("leaves words, counts, types and references under the same names", () => {
    const prose = [
      "the token: a brass coin from the arcade",
      "secret: keep it between us until Friday",
      "Our secret: the sauce needs 2 more minutes",
      "max_tokens=4096 and temperature=0.2",
      '{"token_type": "Bearer", "expires_in": 3599}',
      '{"token": "${GITHUB_TOKEN}"}',
      "token=<your token here>",
      "auth: required for every route",
      "https://example.com/search?q=token&page=2",
      "https://example.com/docs?sig=v2-release-notes",
      "the secret=recipe2024 was grandma's",
      "authToken: string;",
    ];
    for (const p of prose) expect(redact(p), p).toBe(p);
  });
});

describe("redaction of a hand-written note", () => {
  it("keeps every line where it was, so path:line still points into the person's file", () => {
    const note = ["# keys", `backup: ${AWS}`, KEY_BLOCK, "<private>pin 4321", "door 7</private> after", "last line"].join("\n");
    const out = redactNote(note);
    const lines = out.split("\n");
    expect(lines).toHaveLength(note.split("\n").length);
    expect(lines[1]).toBe("backup: [redacted: aws access key]");
    expect(lines[2]).toBe("[redacted: private key]");
    // The placeholder stands where the span began; what followed it stays on its own line.
    expect(lines[6]).toBe("[redacted: private]");
    expect(lines[7]).toBe(" after");
    expect(lines[8]).toBe("last line");
    expect(out).not.toContain("4321");
    expect(redactNote(out)).toBe(out);
    // A transcript's redaction is unchanged: a block still becomes one placeholder.
    expect(redact(KEY_BLOCK)).toBe("[redacted: private key]");
  });
});

describe("redaction of a transcript's lines", () => {
  it("decodes each JSON line, redacts its strings and keeps clean lines byte for byte", () => {
    const clean = '{"role":"user","content":"hello",  "ts":"2026-11-28T10:00:00Z"}';
    const dirty = JSON.stringify({ role: "user", content: `key:\n${KEY_BLOCK}\nand ${OPENAI_PROJ}`, ts: "2026-11-28T10:00:01Z", id: "m1" });
    const r = redactJsonLines(`${clean}\n${dirty}\nnot json password=hunter22\n`);
    const lines = r.text.split("\n");
    expect(lines[0]).toBe(clean);
    const o = JSON.parse(lines[1]!) as { content: string; id: string };
    expect(o.id).toBe("m1");
    expect(o.content).toBe("key:\n[redacted: private key]\nand [redacted: openai key]");
    expect(lines[2]).toBe("not json password=[redacted: password]");
    expect(lines[3]).toBe("");
    expect(r.count).toBe(3);
  });
});

/** The markdown beside the clone (eval workspaces) and the repository's own docs: ordinary notes. */
function corpus(): { file: string; text: string }[] {
  const roots = [path.resolve("docs"), path.resolve("README.md"), path.resolve("../shared/eval-data")];
  const out: { file: string; text: string }[] = [];
  const walk = (p: string) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) for (const n of readdirSync(p)) walk(path.join(p, n));
    else if (p.endsWith(".md") && st.size < 2_000_000) out.push({ file: p, text: readFileSync(p, "utf8") });
  };
  for (const r of roots) walk(r);
  return out;
}

describe("false positives on ordinary notes", () => {
  it("redacts next to nothing in the docs and eval notes", () => {
    const files = corpus();
    let hits = 0;
    const where: string[] = [];
    for (const f of files) {
      const r = redactSecrets(f.text);
      // The pages that describe the redaction itself: their examples are meant to be caught.
      if (r.count > 0 && !/privacy|assistants|redact|reliability\.md$|README\.md$/.test(f.file)) {
        hits += r.count;
        where.push(`${path.relative(process.cwd(), f.file)}: ${r.rules.join(", ")}`);
      }
    }
    expect(files.length).toBeGreaterThan(10);
    expect(where).toEqual([]);
    expect(hits).toBe(0);
  });
});
