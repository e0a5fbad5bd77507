import * as chrono from "chrono-node";
import { compileLexicon } from "./lexicon.ts";

export const es = compileLexicon({
  language: "es",
  common: [
    "el|la|los|las|y|que|de|para|con|por|gracias|hola|saludos|factura|nuestro|nuestra|su|una|será",
    "hemos|pago|estimado|estimada|un|muchas|cordial",
  ].join("|"),
  autoReply: [
    "(?:estoy|estaré|me encuentro|estamos) (?:actualmente )?(?:fuera de la oficina|ausente|de vacaciones|de viaje|de baja)",
    "respuesta automática|mensaje automático",
  ].join("|"),
  resend: "reenviar|reenví[ea]n?|reenvía|volver a enviar|vuelvan? a enviar|enviar de nuevo|(?:una )?copia",
  invoice: "facturas?",
  negation: "no|nunca|jamás|imposible|tampoco|ningún|ninguna",
  notNegation: [
    "no hay problema|sin problema|no se preocupe|no te preocupes|no dude en|no dudes en|a más tardar",
    "no más tarde del?|no obstante|no solo",
  ].join("|"),
  paid: [
    "ya (?:está |estaba |fue |ha sido |había sido )?{paid}",
    "ya (?:lo |la |los |las )?(?:hemos |habíamos |he )?(?:pagado|pagamos|pagué|abonamos|abonado|transferimos|transferido|liquidamos|liquidado)",
    "(?:hemos|he|habíamos|había) (?:realizado|hecho|efectuado|enviado) (?:el |la |un |una )?(?:pago|transferencia|abono)",
    "(?:hemos|he) (?:pagado|abonado|transferido|liquidado)|(?:fue|ha sido) {paid}",
    "(?:hicimos|pagué|realicé|hice|transferí|efectué|envié)(?: [^ ]+){0,3}? (?:pago|transferencia|factura)",
    "(?:realizamos|efectuamos|enviamos|pagamos)(?: [^ ]+){0,4}? (?:ayer|antier|anteayer|la semana pasada|el (?:lunes|martes|miércoles|jueves|viernes) pasado)",
    "(?:el pago|la transferencia) (?:se realizó|se hizo|se efectuó|salió|fue realizad[oa]|ha sido realizad[oa])",
    "comprobante de (?:pago|transferencia)|justificante de (?:pago|transferencia)",
  ].join("|"),
  commitment: [
    "pagaremos|pagaré|abonaremos|abonaré|transferiremos|transferiré|liquidaremos|liquidaré",
    "(?:realizaremos|haremos|efectuaremos) (?:el |la )?(?:pago|transferencia|abono)",
    "(?:vamos|voy) a (?:pagar|abonar|realizar|hacer|transferir|liquidar)|se (?:pagará|abonará|realizará|hará|efectuará|transferirá)",
    "(?:será|quedará) {paid}",
    "(?:podemos|podremos|esperamos|intentaremos|queremos|planeamos|pensamos) (?:pagar|abonar|realizar el pago|hacer el pago|hacer la transferencia)",
    // The present for the near future, with whom it is paid to: "le pagamos el martes".
    "(?:le|les|os|te) (?:pagamos|transferimos|abonamos|ingresamos)|ingresaremos",
    "el pago|la transferencia|el abono",
  ].join("|"),
  disputes: {
    wrong_amount: [
      "(?:importe|monto|precio|total|cantidad|cobro)(?: [^ ]+){0,3}? (?:incorrect[oa]|equivocad[oa]|erróne[oa]|no es correcto|no corresponde|excesiv[oa])",
      "cobrad[oa]s? (?:de más|dos veces|por duplicado|en exceso)|(?:doble|duplicad[oa]) (?:cobro|factura(?:ción)?)",
      "factura(?:do|da)? (?:dos veces|por duplicado|de más)|error en (?:la factura|el importe|el precio|el total)",
      "(?:no coincide con|distint[oa] (?:a|al|del?)|diferente (?:a|al|del?)) (?:el |la |lo |del )?(?:presupuesto|pedido|orden de compra|cotización|acordado|pactado|contrato)",
      "(?:descuento|abono|nota de crédito)(?: [^ ]+){0,3}? (?:no (?:se )?(?:aplicó|ha aplicado|aparece|está)|falta)",
    ].join("|"),
    not_received: [
      "{goods}(?: [^ ]+){0,6}? (?:no|nunca|todavía no|aún no) (?:[^ ]+ ){0,2}?(?:ha llegado|llegó|han llegado|llegaron|fue entregad[oa]|ha sido entregad[oa]|recibimos|hemos recibido|recibido)",
      "(?:no|nunca|todavía no|aún no) (?:[^ ]+ ){0,2}?(?:hemos recibido|recibimos|he recibido|recibí|nos ha llegado|nos llegó|llegó|ha llegado) (?:[^ ]+ ){0,2}?{goods}",
    ].join("|"),
    goods_or_service: [
      "dañad[oa]s?|defectuos[oa]s?|rot[oa]s?|averiad[oa]s?|no funciona(?:n)?|mala calidad|incomplet[oa]s?",
      "(?:trabajo|servicio|instalación|reparación|obra)(?: [^ ]+){0,5}? (?:no|nunca) (?:[^ ]+ ){0,2}?(?:se )?(?:realizó|terminó|completó|hizo|prestó|ha terminado|está terminad[oa]|fue realizad[oa]|ha realizado|ha completado)",
      "(?:productos?|artículos?|piezas?|unidades) (?:equivocad[oa]s?|incorrect[oa]s?|faltantes?|que faltan)|faltan (?:productos|artículos|piezas|unidades)",
      "devolvimos|hemos devuelto|reclamación",
    ].join("|"),
    other: [
      "no estamos de acuerdo|(?:impugnar|impugnamos|disputamos|rechazamos) (?:la|esta) factura|nos negamos a pagar",
      "(?:no|nunca) (?:[^ ]+ ){0,2}?(?:pedimos|solicitamos|encargamos|contratamos)|cancelad[oa]|anulad[oa]|no vamos a pagar (?:esta|la) factura",
    ].join("|"),
  },
  dates: {
    weekdays: "lunes martes miércoles|miercoles jueves viernes sábado|sabado domingo",
    months:
      "enero|ene febrero|feb marzo|mar abril|abr mayo|may junio|jun julio|jul agosto|ago septiembre|setiembre|sept|sep octubre|oct noviembre|nov diciembre|dic",
    numbers:
      "cero un|uno|una dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince",
    endOfMonth: "{end} de(?:l)? mes|(?:a |para )?fin de mes",
    endOfNextMonth: "{end} del (?:mes )?(?:próximo|que viene|siguiente)(?: mes)?",
    endOfMonthNamed: "{end} de {month}",
    endOfYear: "{end} de(?:l)? año",
    midMonthNamed: "(?:a |para )?mediados de {month}",
    thisWeek: "esta semana|{end} de (?:esta|la) semana",
    nextWeek: "(?:la )?(?:{comingWeek}|semana (?:próxima|entrante))|{end} de la {comingWeek}",
    earlyNextWeek: "(?:a |para )?principios de (?:la )?{comingWeek}",
    weekdayNextWeek:
      "(?:el )?{weekday} de la {comingWeek}|(?:el )?{weekday} (?:que viene|próximo)|la {comingWeek},? (?:el )?{weekday}",
    inDays: "{within} {n} días(?: naturales)?",
    inWorkingDays: "{within} {n} días (?:hábiles|laborables)",
    inWeeks: "{within} {n} semanas?",
    dayOfMonth:
      "(?:el|antes del|hasta el|para el) (?:día )?(?:{weekday} )?{day}{notMonth}(?! ?(?:%|€|días|semanas|meses|años|horas))",
    dayAfterTomorrow: "pasado mañana",
  },
  fragments: {
    // Participles of paying: "ya está pagada", "será abonado".
    paid: "(?:pagad[oa]s?|abonad[oa]s?|liquidad[oa]s?|transferid[oa]s?)",
    // What can be delivered (or invoiced) and not arrive.
    goods:
      "(?:mercancía|mercadería|pedido|envío|entrega|paquete|productos?|artículos?|material|factura|servicio)",
    // "A finales de", "fin de": the end of a month, week or year.
    end: "(?:a |para |antes de )?(?:finales|fin(?:al)?)",
    comingWeek: "(?:próxima semana|semana que viene)",
    // "En un plazo de 15 días".
    within: "(?:en|dentro de|en un plazo de|en los próximos|en las próximas)",
  },
  chrono: { dayFirst: chrono.es.casual },
});
