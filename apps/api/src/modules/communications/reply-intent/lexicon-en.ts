import * as chrono from "chrono-node";
import { compileLexicon } from "./lexicon.ts";

export const en = compileLexicon({
  language: "en",
  common:
    "the|and|we|you|will|to|of|for|this|please|thanks|thank|is|are|our|your|it|on|have|invoice|hi|hello|regards",
  autoReply: [
    "(?:i am|i'm|i will be|i'll be|we are|we're) (?:currently )?(?:out of (?:the )?office|away from (?:the office|my desk)",
    "on (?:annual |parental |sick )?leave|on vacation|on holiday)|automatic reply|auto-?reply",
    "this is an automated (?:reply|response|message)|limited access to (?:my )?e-?mail",
  ].join("|"),
  resend: [
    "resend|re-send|send (?:it|the invoice|a copy|us a copy|me a copy|us the invoice|me the invoice)(?: [^ ]+)? again",
    "(?:another|a new) copy|a copy of (?:the|this|that|your) invoice|forward (?:us|me) the invoice",
  ].join("|"),
  invoice: "invoices?|bills?|statements?",
  negation: "not|never|cannot|unable|impossible|no longer|[a-z]+n't",
  notNegation: [
    "no problem|no worries|not a problem|(?:don't|do not) (?:worry|hesitate)|(?:no|not) later than",
    "if not (?:sooner|earlier|before)|not only|never mind",
  ].join("|"),
  paid: [
    "already (?:been )?(?:paid|settled|sent|transferred|wired|made|processed)",
    "(?:we|i)(?: have|'ve)?(?: already)? (?:paid|settled|wired|transferred|remitted|sent (?:you |over )?{payObject}|mailed (?:the |a )?che(?:ck|que)|made (?:the |a |our )?payment)",
    "(?:invoice|bill|it|this|amount|balance)(?: has| have| was| were) (?:already )?(?:been )?(?:paid|settled|cleared)",
    "(?:payment|transfer|wire|check|cheque|funds)(?: [^ ]+){0,2}? (?:has|have|was|were|went) (?:already )?(?:been )?(?:sent|made|processed|wired|transferred|mailed|issued|initiated|released|executed|out)",
    "paid (?:in full|it|this|the invoice|yesterday|last)|remittance (?:advice )?(?:is )?attached|proof of payment",
    "che(?:ck|que) (?:is|was) in the (?:mail|post)",
  ].join("|"),
  commitment: [
    "(?:will?|[a-z]+'ll|shall|going to|plan to|planning to|intend to|expect to|hope to|aim to|able to|can|could) (?:[^ ]+ ){0,3}?(?:pay|settle|transfer|wire|remit|send (?:[^ ]+ ){0,2}?{payObject}|mail (?:[^ ]+ ){0,2}?che(?:ck|que)|process (?:[^ ]+ ){0,2}?(?:payment|invoice)|release (?:[^ ]+ ){0,2}?payment|make (?:[^ ]+ ){0,2}?payment|clear (?:[^ ]+ ){0,2}?(?:balance|invoice))",
    "(?:will|should|shall|[a-z]+'ll|is going to|are going to) (?:[^ ]+ )?be (?:paid|settled|transferred|wired|sent|processed|released|made|remitted|mailed)",
    "expect (?:[^ ]+ ){0,2}?(?:money|payment|funds|transfer|wire|ach|che(?:ck|que))",
    "pay(?:ment)? run|che(?:ck|que) run|payment cycle",
    "payment(?! (?:reminder|terms|request|details|process|method|portal|system|address|info))|transfer|remittance|(?:we|i) pay(?:ing)? (?:[^ ]+ ){0,3}?(?:on|by|before|next|this|tomorrow|today)",
  ].join("|"),
  disputes: {
    wrong_amount: [
      "wrong amount|amount (?:is |was |seems |looks )?(?:wrong|incorrect|not correct|off)|incorrect(?:ly)? (?:amount|price|total|invoice|billed|charged)",
      "overcharged|over-charged|charged (?:us )?(?:twice|double|too much|more than)|double[- ]?(?:billed|charged)|billed (?:us )?(?:twice|double|too much|for more)",
      "(?:doesn't|does not|don't|do not) match (?:the |our |your )?(?:quote|quotation|po|purchase order|agreed price|contract)",
      "(?:price|rate|total) (?:is |was )?(?:wrong|incorrect|higher than (?:quoted|agreed))|(?:agreed|quoted) (?:price|amount|rate) (?:was|is)",
      "(?:discount|credit note|credit) (?:is |was )?(?:missing|not applied|not deducted)|missing (?:the |our )?(?:discount|credit)",
      "corrected (?:invoice|bill)|once (?:it's|it is|it has been|the invoice is|this is) (?:corrected|fixed|amended)",
      "(?:different|differs) from (?:the |our |your )?(?:quote|quotation|po|purchase order|agreed price|contract)",
    ].join("|"),
    not_received: [
      "(?:never|not|haven't|have not|hasn't|has not|did not|didn't|still not|not yet) (?:yet )?(?:received|got|gotten) (?:the |any |our |your |this |that )?(?:{goods}|invoice|bill|service|work)",
      "{goods}(?: [^ ]+){0,4}? (?:never|not|hasn't|haven't|didn't|has not|have not|did not|still not) (?:[^ ]+ ){0,2}?(?:arrived|come|been delivered|delivered|shown up|been received|received)",
      "still waiting (?:for|on) (?:the |our )?{goods}",
    ].join("|"),
    goods_or_service: [
      "damaged|broken|defective|faulty|not working|(?:doesn't|does not|don't|do not) work|stopped working|poor quality|substandard",
      "(?:work|job|service|installation|repair|project|cleaning|maintenance)(?: [^ ]+){0,4}? (?:not|never|[a-z]+n't) (?:[^ ]+ )?(?:completed|finished|done|performed|carried out|fixed|complete)",
      "(?:incomplete|unfinished) (?:work|job|service|installation|repair)|wrong (?:items?|goods|products?|parts|size|model|colou?r)",
      "(?:returned|sent back) (?:the |all )?(?:goods|items?|products?|parts|order|shipment)|missing (?:items?|parts|pieces)|(?:items?|parts|pieces) (?:were |are )?missing",
      "not (?:as|what we) (?:ordered|described|agreed)",
    ].join("|"),
    other: [
      "(?:dispute|contest|disagree with|reject|query) (?:this |the |your |that )?(?:invoice|bill|charge|amount)",
      "(?:we|i) (?:do not|don't) (?:agree|accept)|(?:will|shall) not (?:be paying|pay) (?:this|the|that)|(?:won't|refuse to) pay (?:this|the|that|for)",
      "(?:never|didn't|did not) (?:order(?:ed)?|authori[sz]ed|sign(?:ed)? up)|not our (?:invoice|order)|(?:was|were|been) cancell?ed",
    ].join("|"),
  },
  dates: {
    weekdays: "monday|mon tuesday|tues|tue wednesday|wed thursday|thurs|thur|thu friday|fri saturday sunday",
    months:
      "january|jan february|feb march april|apr may june|jun july|jul august|aug september|sept|sep october|oct november|nov december|dec",
    numbers:
      "zero a|an|one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen",
    endOfMonth: "(?:the )?end of (?:the |this )?month|month-?end|the last day of (?:the |this )?month",
    endOfNextMonth: "(?:the )?end of next month",
    endOfMonthNamed: "(?:the )?end of {month}|late {month}",
    endOfYear: "(?:the )?end of (?:the |this )?year|year-?end",
    midMonthNamed: "mid-? ?{month}|(?:the )?middle of {month}",
    thisWeek: "(?:the )?end of (?:the |this )week|(?:later )?this week",
    nextWeek: "(?:the )?(?:end of |later )?next week|(?:the )?(?:coming|following) week",
    earlyNextWeek: "early next week|(?:the )?(?:beginning|start) of next week",
    weekdayNextWeek: "{weekday},? next week|next week,? (?:on )?{weekday}|{weekday} of next week",
    inDays: "(?:with)?in (?:the next )?{n} (?:calendar )?days",
    inWorkingDays: "(?:with)?in (?:the next )?{n} (?:business|working|bank) days",
    inWeeks: "(?:with)?in (?:the next )?{n} weeks?",
    dayOfMonth: "(?:on |by |before |until )?(?:{weekday},? )?the {day}(?:st|nd|rd|th)?{notMonth}",
    dayAfterTomorrow: "(?:the )?day after tomorrow",
  },
  fragments: {
    payObject:
      "(?:the |a |our |your |this |that )?(?:payment|check|cheque|transfer|wire|ach|funds|money|remittance)",
    goods:
      "(?:goods|order|items?|delivery|shipment|parts|products?|package|parcel|merchandise|equipment|materials?)",
  },
  chrono: { dayFirst: chrono.en.GB, monthFirst: chrono.en.casual },
});
