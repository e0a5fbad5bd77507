/** Links to the customer page: made for each email, opened by the page, revoked with their customer. */
export { revokeLinks } from "./customer-links.repository.ts";
export {
  type CustomerLinkTarget,
  mintCustomerLink,
  mintCustomerLinks,
  openCustomerLink,
} from "./customer-links.service.ts";
