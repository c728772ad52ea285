// A catalog's plural rule: gettext's Plural-Forms expression ("nplurals=2; plural=(n > 1);"),
// read into a function of the count that gives the index of the plural form to show.
//
// Why not Intl.PluralRules: Python's gettext picks the form by the catalog's own expression, and
// the browser's CLDR data can count forms differently (Chromium gives French three, Babel's
// catalogs two), so the page would show another form than Python for the same count. Why not
// eval(): a catalog is data, never code. The grammar is C's, as gettext's: n, whole numbers,
// ! % * / + - < <= > >= == != && || ?: and parentheses.

const MAX_EXPRESSION_CHARS = 1000; // the longest CLDR rule (Arabic's) is about 150
const TOKEN = /\s*(\d+|n|&&|\|\||[=!<>]=|[-+*/%<>!?:()])/y;

/** The tokens of `text`, or null when something in it is not C's plural grammar. */
function tokenize(text) {
  const tokens = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const match = TOKEN.exec(text);
    if (!match) return null;
    tokens.push(match[1]);
  }
  return tokens;
}

const BINARY = [
  ["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"],
];
const APPLY = {
  "||": (a, b) => Number(Boolean(a) || Boolean(b)), "&&": (a, b) => Number(Boolean(a) && Boolean(b)),
  "==": (a, b) => Number(a === b), "!=": (a, b) => Number(a !== b),
  "<": (a, b) => Number(a < b), "<=": (a, b) => Number(a <= b),
  ">": (a, b) => Number(a > b), ">=": (a, b) => Number(a >= b),
  "+": (a, b) => a + b, "-": (a, b) => a - b, "*": (a, b) => a * b,
  "/": (a, b) => (b ? Math.trunc(a / b) : NaN), "%": (a, b) => (b ? a % b : NaN),
};

/** A recursive-descent parser over `tokens`: each rule returns a function of n. */
function parser(tokens) {
  let at = 0;
  const peek = () => tokens[at];
  const expect = (token) => {
    if (tokens[at] !== token) throw new SyntaxError(`expected ${token}`);
    at += 1;
  };
  function primary() {
    const token = tokens[at++];
    if (token === "n") return (n) => n;
    if (token === "!") {
      const operand = primary();
      return (n) => Number(!operand(n));
    }
    if (token === "(") {
      const inner = ternary();
      expect(")");
      return inner;
    }
    if (/^\d+$/.test(token ?? "")) return () => Number(token);
    throw new SyntaxError(`unexpected ${token ?? "end"}`);
  }
  function binary(level) {
    if (level === BINARY.length) return primary();
    let left = binary(level + 1);
    while (BINARY[level].includes(peek())) {
      const apply = APPLY[tokens[at++]];
      const [a, b] = [left, binary(level + 1)];
      left = (n) => apply(a(n), b(n));
    }
    return left;
  }
  function ternary() {
    const condition = binary(0);
    if (peek() !== "?") return condition;
    at += 1;
    const yes = ternary();
    expect(":");
    const no = ternary();
    return (n) => (condition(n) ? yes(n) : no(n));
  }
  return {
    parse() {
      const rule = ternary();
      if (at !== tokens.length) throw new SyntaxError(`unexpected ${tokens[at]}`);
      return rule;
    },
  };
}

/** The plural rule of a Plural-Forms header or bare expression: a function from a count to a
 * form's index (0 for a count it cannot judge), or null when the text is not a rule. */
export function pluralRule(header) {
  if (typeof header !== "string" || header.length > MAX_EXPRESSION_CHARS) return null;
  const expression = (header.match(/plural\s*=([^;]*)/)?.[1] ?? header).trim();
  const tokens = tokenize(expression);
  if (!tokens?.length) return null;
  try {
    const rule = parser(tokens).parse();
    return (n) => {
      const index = rule(Math.abs(Math.trunc(Number(n))));
      return Number.isInteger(index) && index >= 0 ? index : 0;
    };
  } catch {
    return null;
  }
}
