import * as chrono from "chrono-node";
import { compileLexicon } from "./lexicon.ts";

export const fr = compileLexicon({
  language: "fr",
  common: [
    "le|la|les|et|nous|vous|est|pour|des|du|merci|bonjour|cordialement|facture|une|sera|avec|notre|votre",
    "pas|je|madame|monsieur|sur|au",
  ].join("|"),
  autoReply: [
    "(?:je suis|je serai|nous sommes) (?:actuellement )?(?:absente?|en congés?|hors du bureau|en vacances|en déplacement)",
    "réponse automatique|message automatique|absente? du bureau",
  ].join("|"),
  resend:
    "renvoyer|réenvoyer|renvoyez|(?:une )?copie|transmettre à nouveau|de nouveau la facture|nous (?:la )?retransmettre",
  invoice: "factures?",
  negation: "pas|jamais|impossible|aucune?|guère",
  notNegation: [
    "pas de (?:souci|soucis|problème)|aucun (?:souci|problème)|n'hésitez pas|ne vous inquiétez pas",
    "pas plus tard que|si ce n'est (?:pas )?avant|non seulement",
  ].join("|"),
  paid: [
    "déjà (?:été )?(?:payée?s?|réglée?s?|virée?s?|versée?s?|effectuée?s?|acquittée?s?)",
    "(?:avons|ai|avions|avais) (?:déjà |bien )?(?:payé|réglé|viré|versé|acquitté|effectué (?:le |un |notre )?(?:paiement|virement|règlement)|procédé au (?:paiement|virement|règlement)|envoyé (?:le |un |notre )?(?:paiement|virement|chèque))",
    "(?:a|ont) (?:déjà |bien )?été (?:payée?s?|réglée?s?|virée?s?|versée?s?|acquittée?s?)",
    "(?:facture|montant|somme|solde)s? (?:est|sont) (?:bien |déjà )?(?:payée?s?|réglée?s?|acquittée?s?)",
    "(?:paiement|virement|règlement|chèque) (?:a (?:bien |déjà )?été|est) (?:bien |déjà )?(?:effectué|envoyé|émis|parti|fait|passé)",
    "preuve de (?:paiement|virement)|avis de virement",
  ].join("|"),
  commitment: [
    "paierons|payerons|paierai|payerai|réglerons|réglerai|virerons|virerai|verserons|verserai|effectuerons|effectuerai|procéderons|procéderai",
    "(?:allons|vais|pourrons|pourrai|comptons|prévoyons de|devrions|pensons|souhaitons) (?:vous )?(?:payer|régler|virer|verser|effectuer|procéder)",
    "sera (?:payée?|réglée?|effectuée?|virée?|versée?|envoyée?|émise?|faite?)|seront (?:payées?|réglées?|virées?|versées?)",
    "paiement|règlement|virement|chèque",
  ].join("|"),
  disputes: {
    wrong_amount: [
      "montant(?: [^ ]+){0,3}? (?:incorrect|erroné|faux|inexact|pas correct|pas bon|trop élevé)",
      "mauvais montant|erreur (?:sur|dans) (?:le montant|la facture|le prix|le total)|erreur de (?:montant|facturation|prix)",
      "factur(?:é|ée|és|ées) (?:deux fois|en double|trop|à tort)|double facturation|surfactur[^ ]*|trop (?:facturé|perçu)",
      "(?:ne correspond (?:pas|plus)|différente?) (?:au|à|aux|du|de) (?:devis|bon de commande|tarif|prix convenu|contrat)",
      "(?:remise|avoir|escompte)(?: [^ ]+){0,3}? (?:manque|oubliée?|pas (?:été )?(?:appliquée?|déduite?|pris en compte))",
    ].join("|"),
    not_received: [
      "{goods}(?: [^ ]+){0,6}? (?:jamais|pas|toujours pas|pas encore) (?:[^ ]+ ){0,2}?(?:reçue?s?|livrée?s?|arrivée?s?)",
      "(?:jamais|pas|toujours pas|pas encore) (?:[^ ]+ ){0,2}?reçu (?:[^ ]+ ){0,2}?{goods}",
    ].join("|"),
    goods_or_service: [
      "endommagée?s?|abîmée?s?|défectueu(?:x|se|ses)|cassée?s?|ne (?:fonctionne|marche)(?:nt)? (?:pas|plus)|non conformes?|mauvaise qualité",
      "(?:prestation|travaux|intervention|réparation|installation|travail|chantier)(?: [^ ]+){0,5}? (?:pas|jamais) (?:[^ ]+ ){0,2}?(?:réalisée?s?|effectuée?s?|terminée?s?|faite?s?|finie?s?|achevée?s?)",
      "incomplète?s?|(?:articles?|pièces?|produits?) manquante?s?|(?:avons|ai) retourné|réclamation",
    ].join("|"),
    other: [
      "contest(?:ons|e|er|ée)|litige|pas d'accord|désaccord|refus(?:ons|e) de (?:payer|régler)",
      "(?:jamais|pas) (?:[^ ]+ ){0,2}?commandée?s?|annulée?s?|ne (?:la |le |les )?(?:paierons|payerons|réglerons) pas",
    ].join("|"),
  },
  dates: {
    weekdays: "lundi mardi mercredi jeudi vendredi samedi dimanche",
    months:
      "janvier|janv février|fevrier|févr|fév mars avril|avr mai juin juillet|juil août|aout septembre|sept octobre|oct novembre|nov décembre|decembre|déc|dec",
    numbers: "zéro un|une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze",
    endOfMonth: "(?:la |à la |d'ici la |avant la )?fin (?:du |de ce |de )mois",
    endOfNextMonth: "(?:la |à la )?fin du mois prochain",
    endOfMonthNamed: "(?:la |à la |d'ici la |avant la )?fin (?:de |d')?{month}",
    endOfYear: "(?:la |à la |d'ici la |avant la )?fin (?:de l'année|d'année)",
    midMonthNamed: "(?:à la )?mi-? ?{month}|(?:au |le )?milieu (?:de |du mois de |d')?{month}",
    thisWeek: "cette semaine|(?:la |à la |d'ici la |avant la )?fin de (?:la |cette )semaine",
    nextWeek:
      "(?:la |à la )?fin de la semaine prochaine|(?:dans )?le courant de la semaine prochaine|(?:la )?semaine prochaine",
    earlyNextWeek: "(?:en |au )?début de (?:la )?semaine prochaine",
    weekdayNextWeek: "(?:le )?{weekday} de la semaine prochaine|la semaine prochaine,? (?:le )?{weekday}",
    inDays: "{within} {n} jours",
    inWorkingDays: "{within} {n} jours ouvr(?:és|ables)",
    inWeeks: "{within} {n} semaines?",
    dayOfMonth:
      "(?:(?:le|au|avant le|jusqu'au|d'ici le) (?:{weekday} )?|{weekday} ){day}(?:er)?{notMonth}(?! ?(?:%|€|h[0-9]?|heures?))",
    dayAfterTomorrow: "après-demain|après demain",
  },
  fragments: {
    // What can be delivered (or invoiced) and not arrive.
    goods: "(?:marchandises?|commande|livraison|colis|articles?|produits?|matériel|facture|prestation)",
    // "Sous 10 jours", "d'ici 15 jours", "dans les 2 semaines".
    within: "(?:sous|d'ici|dans(?: les)?|d'ici les|sous les)",
  },
  chrono: { dayFirst: chrono.fr.casual },
});
