export const HOW_TO_PAY_ID = "how-to-pay";

/** The company's own words on how to pay, for invoices QuickBooks offers no payment page for. */
export function HowToPay({ text }: { text: string }) {
  return (
    <section
      id={HOW_TO_PAY_ID}
      aria-labelledby="how-to-pay-heading"
      className="bg-card scroll-mt-6 rounded-xl border p-4 shadow-xs sm:p-6"
    >
      <h2 id="how-to-pay-heading" className="font-semibold">
        How to pay
      </h2>
      <p className="mt-2 text-sm break-words whitespace-pre-line">{text}</p>
    </section>
  );
}
