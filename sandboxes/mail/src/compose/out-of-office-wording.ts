/** The out-of-office auto-reply's wording and long dates, per language. */
import { ENGLISH_MONTHS } from "@recoup/sandbox-http";

export const OUT_OF_OFFICE_LANGUAGES = ["en", "de", "fr", "es"] as const;
export type OutOfOfficeLanguage = (typeof OUT_OF_OFFICE_LANGUAGES)[number];

interface Wording {
  subject: string;
  greeting: string;
  until(date: string): string;
  noDate: string;
  reply: string;
  closing: string;
  weekdays: string[];
  months: readonly string[];
  format(weekday: string, day: number, month: string, year: number): string;
}

/** Fixed tables rather than Intl, so the wording does not depend on the ICU data Node was built with. */
export const OUT_OF_OFFICE: Record<OutOfOfficeLanguage, Wording> = {
  en: {
    subject: "Automatic reply: ",
    greeting: "Hello,",
    until: (date) => `Thank you for your email. I am out of the office and will be back on ${date}.`,
    noDate: "Thank you for your email. I am out of the office with limited access to email.",
    reply: "I will reply to your message when I return.",
    closing: "Kind regards,",
    weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    months: ENGLISH_MONTHS,
    format: (weekday, day, month, year) => `${weekday}, ${month} ${day}, ${year}`,
  },
  de: {
    subject: "Abwesenheitsnotiz: ",
    greeting: "Guten Tag,",
    until: (date) =>
      `vielen Dank für Ihre Nachricht. Ich bin zurzeit nicht im Büro und ab ${date} wieder erreichbar.`,
    noDate:
      "vielen Dank für Ihre Nachricht. Ich bin zurzeit nicht im Büro und lese meine E-Mails nur eingeschränkt.",
    reply: "Ich antworte Ihnen nach meiner Rückkehr.",
    closing: "Mit freundlichen Grüßen",
    weekdays: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"],
    months: [
      "Januar",
      "Februar",
      "März",
      "April",
      "Mai",
      "Juni",
      "Juli",
      "August",
      "September",
      "Oktober",
      "November",
      "Dezember",
    ],
    format: (weekday, day, month, year) => `${weekday}, dem ${day}. ${month} ${year}`,
  },
  fr: {
    subject: "Réponse automatique : ",
    greeting: "Bonjour,",
    until: (date) =>
      `Merci pour votre message. Je ne suis pas au bureau actuellement et serai de retour le ${date}.`,
    noDate:
      "Merci pour votre message. Je ne suis pas au bureau actuellement et n'ai qu'un accès limité à mes e-mails.",
    reply: "Je vous répondrai dès mon retour.",
    closing: "Cordialement,",
    weekdays: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"],
    months: [
      "janvier",
      "février",
      "mars",
      "avril",
      "mai",
      "juin",
      "juillet",
      "août",
      "septembre",
      "octobre",
      "novembre",
      "décembre",
    ],
    format: (weekday, day, month, year) => `${weekday} ${day === 1 ? "1er" : day} ${month} ${year}`,
  },
  es: {
    subject: "Respuesta automática: ",
    greeting: "Hola,",
    until: (date) => `Gracias por su mensaje. Estoy fuera de la oficina y estaré de vuelta el ${date}.`,
    noDate:
      "Gracias por su mensaje. Estoy fuera de la oficina y tengo acceso limitado al correo electrónico.",
    reply: "Le responderé a mi regreso.",
    closing: "Saludos cordiales,",
    weekdays: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
    months: [
      "enero",
      "febrero",
      "marzo",
      "abril",
      "mayo",
      "junio",
      "julio",
      "agosto",
      "septiembre",
      "octubre",
      "noviembre",
      "diciembre",
    ],
    format: (weekday, day, month, year) => `${weekday} ${day} de ${month} de ${year}`,
  },
};

/** e.g. "Wednesday, December 2, 2026", "Mittwoch, dem 2. Dezember 2026", "mercredi 2 décembre 2026". */
export function formatLongDate(date: Date, language: OutOfOfficeLanguage): string {
  const w = OUT_OF_OFFICE[language];
  return w.format(
    w.weekdays[date.getUTCDay()]!,
    date.getUTCDate(),
    w.months[date.getUTCMonth()]!,
    date.getUTCFullYear(),
  );
}
