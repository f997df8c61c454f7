// Demo reference data: industry types, clients with logos and contacts, and
// the catalogue of playground options.
import type { Db } from "~/.server/db";
import { clientLogoKey, optionImageKey } from "~/domain/media/stored-files.server";
import { logoSvg, scaled, sceneSvg, storeSvg } from "./images";
import { factories } from "#tests/factories";

export const INDUSTRY_TYPES = [
  { name: "Schools", description: "Primary and secondary schools, nurseries" },
  { name: "Parks & Recreation", description: "Public parks and leisure centres" },
  { name: "Museums", description: "Museums, galleries and visitor attractions" },
  { name: "Hospitality", description: "Hotels, resorts and restaurants" },
  { name: "Healthcare", description: "Hospitals and therapy centres" },
  { name: "Retail", description: "Shopping centres and stores" },
  { name: "Residential", description: "Housing developments and private gardens" },
];

export const CLIENTS = [
  {
    name: "Riverside Primary School",
    industryType: "Schools",
    location: "Bristol, UK",
    website: "https://riverside-primary.example",
  },
  {
    name: "Oakwood Academy",
    industryType: "Schools",
    location: "Leeds, UK",
    website: "https://oakwood-academy.example",
  },
  {
    name: "Harbourside Park Trust",
    industryType: "Parks & Recreation",
    location: "Portsmouth, UK",
    website: "https://harbourside-park.example",
  },
  {
    name: "Greenfield Borough Council",
    industryType: "Parks & Recreation",
    location: "Greenfield, UK",
    website: "https://greenfield.gov.example",
  },
  {
    name: "City Science Museum",
    industryType: "Museums",
    location: "Manchester, UK",
    website: "https://city-science.example",
  },
  {
    name: "Maritime Discovery Centre",
    industryType: "Museums",
    location: "Plymouth, UK",
    website: "https://maritime-discovery.example",
  },
  {
    name: "Seaview Resort & Spa",
    industryType: "Hospitality",
    location: "Brighton, UK",
    website: "https://seaview-resort.example",
  },
  {
    name: "Alpine Lodge Hotels",
    industryType: "Hospitality",
    location: "Aviemore, UK",
    website: "https://alpine-lodge.example",
  },
  {
    name: "St. Mary's Children's Hospital",
    industryType: "Healthcare",
    location: "London, UK",
    website: "https://stmarys-children.example",
  },
  {
    name: "Westgate Shopping Centre",
    industryType: "Retail",
    location: "Oxford, UK",
    website: "https://westgate-centre.example",
  },
  {
    name: "Meadowbrook Homes",
    industryType: "Residential",
    location: "Cambridge, UK",
    website: "https://meadowbrook-homes.example",
  },
  {
    name: "Little Acorns Nursery",
    industryType: "Schools",
    location: "York, UK",
    website: "https://little-acorns.example",
  },
];

const FIRST = [
  "Amelia",
  "Oliver",
  "Isla",
  "George",
  "Ava",
  "Noah",
  "Mia",
  "Arthur",
  "Grace",
  "Leo",
  "Freya",
  "Oscar",
  "Lily",
  "Harry",
  "Ella",
  "Jack",
];
const LAST = [
  "Hughes",
  "Patel",
  "Walker",
  "Okafor",
  "Bennett",
  "Nowak",
  "Fraser",
  "Ahmed",
  "Clarke",
  "Rossi",
  "Murphy",
  "Singh",
];

export const OPTIONS = [
  { optionName: "Tube Slide", optionCategory: "Slides", description: "An enclosed spiral slide for towers over 2 m." },
  { optionName: "Wave Slide", optionCategory: "Slides", description: "A wide open slide with gentle waves." },
  { optionName: "Embankment Slide", optionCategory: "Slides", description: "A long stainless slide set into a slope." },
  { optionName: "Climbing Wall", optionCategory: "Climbing", description: "Angled panels with coloured holds." },
  {
    optionName: "Rope Net Pyramid",
    optionCategory: "Climbing",
    description: "A three-dimensional rope net for all ages.",
  },
  { optionName: "Monkey Bars", optionCategory: "Climbing", description: "Overhead ladder for upper-body play." },
  { optionName: "Basket Swing", optionCategory: "Swings", description: "A group swing that several children share." },
  {
    optionName: "Inclusive Swing Seat",
    optionCategory: "Swings",
    description: "A supportive seat for children who need it.",
  },
  {
    optionName: "Sensory Panels",
    optionCategory: "Sensory",
    description: "Textures, mirrors and sound tubes at child height.",
  },
  { optionName: "Musical Chimes", optionCategory: "Sensory", description: "Tuned outdoor chimes." },
  {
    optionName: "Splash Pad",
    optionCategory: "Water Play",
    description: "Ground-level jets with a recirculating system.",
  },
  {
    optionName: "Water Channels",
    optionCategory: "Water Play",
    description: "Pumps, gates and channels for water play.",
  },
  {
    optionName: "Wetpour Surfacing",
    optionCategory: "Surfacing",
    description: "Seamless impact-absorbing rubber surface.",
  },
  { optionName: "Shade Sails", optionCategory: "Shade", description: "Tensioned sails over the play area." },
  {
    optionName: "Toddler Play House",
    optionCategory: "General",
    description: "A small house with a counter and benches.",
  },
];

export async function seedCatalog(db: Db, pictureScale = 1) {
  const make = factories(db);
  for (const type of INDUSTRY_TYPES) await make.industryType(type);

  const clientIds: string[] = [];
  for (const [index, client] of CLIENTS.entries()) {
    const logo = await storeSvg(logoSvg(index, scaled(512, pictureScale)), clientLogoKey);
    const row = await make.client({
      ...client,
      notes: index % 3 === 0 ? "Prefers site visits on Tuesday mornings." : null,
      logoKey: logo.key,
      logoWidth: logo.width,
      logoHeight: logo.height,
    });
    clientIds.push(row.id);

    const count = 1 + (index % 3);
    for (let i = 0; i < count; i++) {
      const first = FIRST[(index * 3 + i) % FIRST.length]!;
      const last = LAST[(index * 5 + i) % LAST.length]!;
      const domain = new URL(client.website).hostname;
      const contact = await make.contact({
        name: `${first} ${last}`,
        email: `${first}.${last}@${domain}`.toLowerCase(),
        phone: i === 1 ? null : `01${index}${i} 496 ${String(1000 + index * 37 + i).slice(-4)}`,
        clientId: row.id,
      });
      await make.clientContact({ clientId: row.id, contactId: contact.id });
    }
  }

  const optionIds: string[] = [];
  for (const [index, option] of OPTIONS.entries()) {
    const image =
      index % 2 === 0
        ? await storeSvg(sceneSvg(index, scaled(800, pictureScale), scaled(600, pictureScale)), optionImageKey)
        : null;
    const row = await make.option({
      ...option,
      imageKey: image?.key ?? null,
      imageWidth: image?.width ?? null,
      imageHeight: image?.height ?? null,
    });
    optionIds.push(row.id);
  }
  return { clientIds, optionIds };
}
