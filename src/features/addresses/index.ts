// Delivery addresses: the field that suggests addresses while typing, one piece for every form that asks for one (the
// pay form, the profile).
export { AddressCombobox } from "./components/address-combobox";
