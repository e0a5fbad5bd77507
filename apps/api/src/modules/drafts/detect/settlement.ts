/**
 * Wording that settles the debt for less than the records say: it forgives, waives, writes off,
 * cancels or discounts it, offers to settle it, calls it paid, zero, closed or nothing owed, or
 * tells the customer to consider the matter closed; in English, Spanish, French, German, Chinese
 * and Russian. A concession ("waived", "discount") counts unless negated just before it ("cannot
 * be waived"); a statement of status ("the balance is settled") also not when it is what follows
 * payment ("once the balance is settled", "if you have already paid, no further action is needed").
 */

const DEBT =
  "(?:debt|balance|invoice|amount|account|bill|charges?|fees?|sum|total|remainder|rest|arrears|obligation)";
/** Forgiving, discounting or settling for less: never shown, whatever the condition. */
const CONCESSIONS = [
  new RegExp(
    `(?<kw>\\b(?:forgiv(?:e|en|es|ing|eness)|waiv(?:e|ed|es|ing|er)|writ(?:e|es|ten|ing)[ -]?off|wrote[ -]off|cancel+(?:ed|ing|s|ation)?|void(?:ed|ing)?|annul+(?:ed|ing|ment)?|discharg(?:e|ed|ing)|absolv(?:e|ed|ing)|wip(?:e|ed|ing)[ -](?:out|off|clean)|zero(?:ed|ing)?[ -]out|eras(?:e|ed|ing)))\\b[^.!?\\n]{0,40}?\\b${DEBT}\\b`,
    "gid",
  ),
  new RegExp(
    `\\b${DEBT}\\b[^.!?\\n]{0,40}?\\b(?<kw>forgiven|waived|written[ -]off|cancel+ed|voided|annulled|discharged|erased|wiped|removed|dropped|deleted)\\b`,
    "gid",
  ),
  /\b(?<kw>discount(?:s|ed)?|rebates?|price cut|markdown|concession|goodwill credit|credit note|complimentary|free of charge|on the house)\b/dgi,
  new RegExp(
    `\\b(?<kw>reduc(?:e|ed|es|ing|tion)|cut|lower(?:ed)?|halv(?:e|ed))\\b[^.!?\\n]{0,30}?\\b${DEBT}\\b`,
    "gid",
  ),
  /\b(?<kw>half (?:off|price|the (?:balance|amount|total))|(?:pay|send|only|just) (?:half|a (?:quarter|third))\b|% off|off (?:the|your) (?:balance|total|invoice|amount))/dgi,
  /\b(?<kw>full and final|in full (?:and final )?(?:satisfaction|settlement)|settlement (?:offer|agreement|amount|of|for)|settle (?:it |this |the (?:debt|balance|account|matter) )?for|accept(?:ed|ing)?\b[^.!?\n]{0,40}?\b(?:as|in) (?:full|complete|final) (?:payment|settlement|satisfaction))/dgi,
];

const SETTLED =
  "(?:zero|nil|nothing|cancel+ed|forgiven|waived|written off|cleared|settled|paid in full|paid off|paid up|void(?:ed)?|closed|resolved|square|all set|taken care of|satisfied|discharged|gone)";
/** Statements that the debt is over: not shown unless they follow payment. */
const STATUS = [
  new RegExp(
    `\\b(?:balance|amount|debt|invoice|account|total|matter|bill|it|this|everything|file|case|remainder|rest)\\b[^.!?\\n]{0,40}?\\b(?:is|are|['’]s|has been|have been|was|were|now|stands?|remains?)\\b[^.!?\\n]{0,20}?\\b(?<kw>${SETTLED})\\b`,
    "gid",
  ),
  /\b(?:balance|debt|amount due|total|remainder|rest|it all|everything)\b[^.!?\n]{0,30}?\b(?:is|are|has been|have been|was)\s+(?:now\s+)?(?<kw>paid)\b/dgi,
  new RegExp(
    `\\b(?:consider|treat|regard|deem|mark|record|show|list)(?:ed|ing|s)?\\b[^.!?\\n]{0,40}?\\b(?<kw>${SETTLED}|paid)\\b`,
    "gid",
  ),
  /\b(?:we|i)(?:['’]ve| have| are| will|['’]ll| hereby| now| shall)*\s+(?<kw>clos(?:e|ed|ing)|clear(?:ed|ing)?|settl(?:e|ed|ing)|resolv(?:e|ed|ing))\s+(?:this|the|your)\s+(?:matter|account|file|case|invoice|balance|debt)\b/dgi,
  /\b(?<kw>nothing (?:further |more |else )?(?:is |remains )?(?:owed|owing|due|outstanding|to pay|payable)|no (?:further |more |additional )?(?:payment|action|amount|money|balance)s? (?:is |are )?(?:needed|required|necessary|due|owed|outstanding|expected)|owes? (?:us )?(?:nothing|zero|no more)|(?:don['’]t|do not|doesn['’]t|does not|won['’]t|will not|need not|needn['’]t|no longer) (?:need to |have to )?(?:pay|owe)\b|no longer (?:due|owed|outstanding|payable)|not (?:required|obliged|obligated|expected) to pay|free (?:and clear|of (?:any )?(?:debt|obligation))|all (?:square|settled|paid up)|clean slate|(?:we['’]re|we are|you['’]re|you are) (?:even|square|all square))/dgi,
];

/** Other languages' words for the same; drafts are in English, so these are never hedged. */
const FOREIGN =
  /condonad[ao]s?|perdonad[ao]s?|saldad[ao]s?|liquidad[ao]s?|cancelad[ao]s?|anulad[ao]s?|descuento|rebaja|asunto cerrado|cuenta cerrada|no (?:debe|adeuda) nada|nada que pagar|annul[ée]e?s?|effac[ée]e?s?|r[ée]gl[ée]e?s?\b|sold[ée]e?s?\b|remise|rabais|r[ée]duction|ne (?:devez|doit) (?:plus )?rien|rien [àa] payer|(?:affaire|dossier) (?:est )?(?:close?|class[ée]e?)|acquitt[ée]e?s?|erlassen|beglichen|storniert|annulliert|abgeschrieben|erledigt|rabatt|nachlass|skonto|erm[äa]ßigung|nichts (?:mehr )?(?:schuldig|zu zahlen)|getilgt|免除|结清|付清|还清|已关闭|取消|注销|一笔勾销|无需(?:付款|支付)|不用(?:付|还)|折扣|打折|减免|核销|списан\p{L}*|погашен\p{L}*|аннулирован\p{L}*|прощ[её]н\p{L}*|закрыт\p{L}*|скидк\p{L}*|ничего не долж\p{L}*|не нужно (?:платить|оплачивать)|урегулирован\p{L}*/iu;

/** "not", "never", "n't", "cannot" within three words before the keyword: "is not settled". */
const NEGATED = /(?:\bnot|\bnever|n['’]t|\bcannot|\bno longer|\bunable to)\s+(?:\S+\s+){0,2}$/i;
/** A condition or purpose in the keyword's own clause: "once the balance is settled", "so we can close". */
const CONDITION =
  /\b(?:once|when|whenever|until|after|if|as soon as|before|unless|ensure|make sure|so (?:that )?(?:we|i) can)\b/i;
/** An earlier clause that makes it follow payment: "If you have already paid, …". */
const AFTER_PAYMENT =
  /\b(?:if|once|when|after|as soon as)\b[^,;:]*\b(?:pa(?:y|id|ying|yment)|sent|remitted|transferred|settled|cleared|received)\b/i;

/** Where the keyword starts, and where the match around it ends. */
const keyword = (m: RegExpExecArray) => ({
  start: m.indices?.groups?.kw?.[0] ?? m.index,
  end: m.index + m[0].length,
});

const negated = (sentence: string, start: number) =>
  NEGATED.test(sentence.slice(Math.max(0, start - 40), start));

function followsPayment(sentence: string, { start, end }: { start: number; end: number }): boolean {
  const head = sentence.slice(0, start);
  const clause = head.split(/[,;:—–]/).at(-1)!;
  const tail = sentence.slice(end).split(/[,;:—–]/)[0]!;
  return (
    CONDITION.test(clause) ||
    /^\s*(?:once|when|as soon as|after|if)\b/i.test(tail) ||
    AFTER_PAYMENT.test(head)
  );
}

/** Whether a sentence settles the debt in words the records do not bear out. */
export function settles(sentence: string): boolean {
  if (FOREIGN.test(sentence)) return true;
  const concedes = CONCESSIONS.some((p) =>
    [...sentence.matchAll(p)].some((m) => !negated(sentence, keyword(m).start)),
  );
  return (
    concedes ||
    STATUS.some((p) =>
      [...sentence.matchAll(p)].some((m) => {
        const kw = keyword(m);
        return !negated(sentence, kw.start) && !followsPayment(sentence, kw);
      }),
    )
  );
}

const sentences = (text: string) => text.split(/(?<=[.!?])\s+|(?<=[。！？])|\n+/);

/** The first sentence of `text` that settles the debt, or null. */
export const settlingSentence = (text: string): string | null =>
  sentences(text)
    .find((s) => s.trim() && settles(s))
    ?.trim() ?? null;
