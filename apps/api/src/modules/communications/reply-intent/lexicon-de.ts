import * as chrono from "chrono-node";
import { compileLexicon } from "./lexicon.ts";

export const de = compileLexicon({
  language: "de",
  common: [
    "und|die|der|das|wir|sie|ist|nicht|mit|für|bitte|danke|ihre|ihr|vielen|grüße|grüßen|rechnung",
    "zahlung|den|dem|bis|am|werden|hallo|sehr|geehrte|geehrter|uns|noch",
  ].join("|"),
  autoReply: [
    "(?:ich bin|bin ich|wir sind|ich befinde mich)(?: [^ ]+){0,4}? (?:nicht im büro|abwesend|außer haus|im urlaub|nicht erreichbar)",
    "abwesenheitsnotiz|automatische antwort|diese (?:e-?mail|nachricht) wurde automatisch",
  ].join("|"),
  resend: [
    "erneut (?:zu)?(?:senden|schicken|zukommen)|noch ?mals? (?:zu)?(?:senden|schicken|zukommen)",
    "noch einmal (?:[^ ]+ )?(?:zu)?(?:senden|schicken|zukommen)|(?:eine )?(?:rechnungs)?kopie",
  ].join("|"),
  invoice: "rechnung(?:en)?|rechnungskopie",
  negation: "nicht|nie|niemals|kein|keine|keinen|keiner|keinem|unmöglich",
  notNegation: [
    "kein problem|keine sorge|keine umstände|nicht später als|wenn nicht (?:früher|schon vorher|eher)",
    "falls nicht (?:bereits|schon) geschehen|nicht wahr|zögern sie nicht|nicht nur",
  ].join("|"),
  paid: [
    "(?:bereits|schon|gestern|vorgestern|letzte woche|letzten (?:montag|dienstag|mittwoch|donnerstag|freitag)) (?:[^ ]+ ){0,4}?{paid}",
    // "haben … bezahlt", not "haben sie geprüft und werden sie … bezahlen" nor "… wird bezahlt".
    "(?:haben|habe|hat|hatten|wurde|wurden|war|waren)(?: (?!wird|werden)[^ ]+){0,8}? (?:{paid}|veranlasst|ausgeführt|getätigt)",
    "(?:zahlung|überweisung|betrag|geld|summe)(?: [^ ]+){0,6}? (?:ist|sind|wurde|war)(?: [^ ]+){0,6}? (?:erfolgt|raus|rausgegangen|rausgeschickt|abgeschickt|unterwegs|ausgeführt)",
    "zahlungsnachweis|überweisungsbeleg|zahlungsbeleg",
  ].join("|"),
  commitment: [
    "zahlen|zahle|bezahlen|bezahle|überweisen|überweise|begleichen|begleiche|anweisen|ausgleichen|gleichen (?:[^ ]+ ){0,5}?aus",
    "zahlung|überweisung|begleichung|ausgleich|(?:wird|werden)(?: [^ ]+){0,8}? {paid}",
  ].join("|"),
  disputes: {
    wrong_amount: [
      "falschen? (?:betrag|summe|preis|rechnungsbetrag|berechnung)|falsche (?:summe|berechnung|rechnung)",
      "(?:betrag|summe|preis|rechnungsbetrag|endbetrag|gesamtbetrag|rechnung)(?: [^ ]+){0,4}? (?:falsch|nicht korrekt|nicht richtig|fehlerhaft|zu hoch|stimmt nicht)",
      "(?:zu viel|doppelt|zweimal|zu hoch)(?: [^ ]+){0,3}? (?:berechnet|abgerechnet|in rechnung gestellt|belastet|fakturiert)|überhöht",
      "(?:angebot|auftragsbestätigung|vereinbarung|vereinbart)(?: [^ ]+){0,6}? (?:abweich[^ ]*|nicht überein|anders)",
      "(?:rabatt|skonto|gutschrift)(?: [^ ]+){0,4}? (?:fehlt|nicht berücksichtigt|nicht abgezogen|vergessen)",
    ].join("|"),
    not_received: [
      "(?:{goods}|rechnung)(?: [^ ]+){0,6}? (?:nie|nicht|niemals) (?:[^ ]+ ){0,2}?(?:erhalten|bekommen|geliefert|angekommen|eingetroffen|zugestellt)",
      "(?:nie|nicht|keine|niemals)(?: [^ ]+){0,3}? (?:{goods}|rechnung)(?: [^ ]+){0,3}? (?:erhalten|bekommen)",
      "warten (?:[^ ]+ ){0,3}?(?:auf|auf die|auf unsere) {goods}",
    ].join("|"),
    goods_or_service: [
      "beschädigt|defekt|kaputt|mangelhaft|mängel|funktionier(?:t|en)(?: [^ ]+){0,4}? nicht|reklamation|reklamieren",
      "(?:leistung|arbeiten|arbeit|reparatur|montage|installation|auftrag)(?: [^ ]+){0,5}? (?:nicht|nie) (?:[^ ]+ ){0,2}?(?:erbracht|ausgeführt|erledigt|abgeschlossen|fertig(?:gestellt)?|durchgeführt)",
      "unvollständig|falsche (?:ware|artikel|teile|lieferung)|zurückgeschickt|zurückgesendet|retourniert",
    ].join("|"),
    other: [
      "widersprechen|widerspruch|einspruch|bestreiten|nicht einverstanden|(?:nie|nicht|niemals)(?: [^ ]+){0,3}? (?:bestellt|beauftragt)",
      "storniert|gekündigt|(?:werden|wollen)(?: [^ ]+){0,3}? nicht (?:be)?zahlen",
    ].join("|"),
  },
  dates: {
    weekdays: "montag dienstag mittwoch donnerstag freitag samstag|sonnabend sonntag",
    months:
      "januar|jänner|jan februar|feb märz|mär|maerz april|apr mai juni|jun juli|jul august|aug september|sept|sep oktober|okt november|nov dezember|dez",
    numbers:
      "null ein|eine|einer|einem|einen zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn",
    endOfMonth:
      "(?:zum |bis zum |bis |gegen )?ende (?:des |dieses )?monats|(?:zum |bis zum )?monatsende|ultimo",
    endOfNextMonth: "ende (?:des )?nächsten monats",
    endOfMonthNamed: "ende {month}",
    endOfYear: "(?:zum |bis zum |bis |gegen )?(?:jahresende|ende (?:des |dieses )?jahres)",
    midMonthNamed: "mitte {month}",
    thisWeek:
      "(?:bis )?ende (?:der|dieser) woche|(?:noch )?(?:in )?dieser woche|diese woche|im laufe der woche",
    nextWeek:
      "(?:ende |im laufe )?(?:der )?(?:nächsten|nächste|nächster|kommenden|kommende) woche|in der nächsten woche",
    earlyNextWeek: "anfang (?:der )?(?:nächsten|nächster|nächste|kommenden) woche",
    weekdayNextWeek:
      "{weekday},? (?:in der |der )?(?:nächsten|nächste|kommenden|kommende) woche|(?:nächste|kommende) woche,? (?:am )?{weekday}",
    inDays: "{within}{n} (?:kalender)?tag(?:e|en)?",
    inWorkingDays: "{within}{n} (?:werk|arbeits|bank)tag(?:e|en)?",
    inWeeks: "{within}{n} wochen?",
    dayOfMonth:
      "(?:am|bis(?: zum)?|zum|vor dem|spätestens(?: am| zum| bis zum)?) (?:{weekday},? (?:den )?)?{day}[.]{notMonth}",
    dayAfterTomorrow: "übermorgen",
  },
  fragments: {
    // Past participles of paying: "Die Rechnung wurde … überwiesen", and "wird … überwiesen" (a promise).
    paid: "(?:bezahlt|überwiesen|beglichen|gezahlt|ausgeglichen|angewiesen)",
    // What can be delivered, or fail to be.
    goods: "(?:ware|waren|lieferung|bestellung|artikel|paket|sendung|leistung|material|geräte?|teile)",
    // "Innerhalb von 10 Tagen", "binnen 2 Wochen".
    within: "(?:innerhalb (?:von |der nächsten )?|in (?:den nächsten )?|binnen )",
  },
  chrono: { dayFirst: chrono.de.casual },
});
