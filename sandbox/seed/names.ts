// Word lists for deterministic fixtures.
export const FIRST_NAMES = [
  "Amara", "Ben", "Chloe", "Dev", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonah", "Kira", "Liam",
  "Maya", "Noah", "Olive", "Priya", "Quinn", "Rosa", "Sami", "Tara", "Uma", "Victor", "Wen", "Yara", "Zane",
];
export const LAST_NAMES = [
  "Adeyemi", "Brooks", "Chen", "Dubois", "Evans", "Fischer", "Garcia", "Haddad", "Ito", "Jensen", "Kowalski",
  "Lopez", "Morales", "Nakamura", "Okafor", "Patel", "Quiroga", "Rossi", "Singh", "Tanaka", "Usman", "Varga",
];
export const CLINIC_NAMES = ["Maple Grove Integrative Clinic", "Harbour Wellness Centre", "Riverbend Family Health"];
export const STAFF_ROLES = ["Clinic admin", "Front desk", "Office manager"];
export const PRODUCTS = [
  ["Magnesium Glycinate", "PureCaps"], ["Vitamin D3 + K2", "Sunwell"], ["Omega-3 Fish Oil", "Northern Sea"],
  ["Probiotic 50B", "FloraBalance"], ["B-Complex Active", "PureCaps"], ["Zinc Picolinate", "MineralWorks"],
  ["Ashwagandha KSM-66", "Adapt Labs"], ["Iron Bisglycinate", "MineralWorks"], ["Curcumin Phytosome", "Golden Root"],
  ["Melatonin 1 mg", "RestWell"], ["Collagen Peptides", "Sunwell"], ["Vitamin C Buffered", "PureCaps"],
  ["L-Theanine", "Adapt Labs"], ["Berberine", "Golden Root"], ["CoQ10 Ubiquinol", "Northern Sea"],
  ["Fibre Blend", "FloraBalance"], ["Electrolyte Mix", "Sunwell"], ["NAC 600", "MineralWorks"],
];
export const LAB_TESTS = ["Complete blood count", "Ferritin", "Vitamin D (25-OH)", "Thyroid panel", "Lipid panel", "HbA1c"];
export const RESOURCE_TITLES = [
  "Anti-inflammatory eating guide", "Sleep hygiene handout", "Seven-day meal plan", "Gut health workbook",
  "Daily movement infographic", "Stress and breathing guide", "Supplement timing handout", "Blood sugar basics",
  "Hydration tracker", "Fibre-rich foods list", "Iron-rich meal plan", "Walking programme workbook",
];
