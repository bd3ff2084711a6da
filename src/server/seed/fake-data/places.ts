/**
 * Indian places for demo data: the cities of reference-data.ts with a few real localities and their pincodes,
 * and each city's approximate coordinates (for a centre's map pin).
 */
export interface Locality { area: string; pincode: string }

export const CITY_PLACES: Record<string, { lat: number; lng: number; localities: Locality[] }> = {
  Mumbai: { lat: 19.076, lng: 72.8777, localities: [{ area: 'Fort', pincode: '400001' }, { area: 'Colaba', pincode: '400005' }, { area: 'Dadar', pincode: '400014' }, { area: 'Bandra West', pincode: '400050' }, { area: 'Andheri East', pincode: '400069' }, { area: 'Powai', pincode: '400076' }, { area: 'Borivali West', pincode: '400092' }] },
  Pune: { lat: 18.5204, lng: 73.8567, localities: [{ area: 'Camp', pincode: '411001' }, { area: 'Shivajinagar', pincode: '411005' }, { area: 'Aundh', pincode: '411007' }, { area: 'Hadapsar', pincode: '411028' }, { area: 'Kothrud', pincode: '411038' }] },
  Nagpur: { lat: 21.1458, lng: 79.0882, localities: [{ area: 'Sitabuldi', pincode: '440012' }, { area: 'Dharampeth', pincode: '440010' }, { area: 'Sadar', pincode: '440001' }] },
  Bengaluru: { lat: 12.9716, lng: 77.5946, localities: [{ area: 'MG Road', pincode: '560001' }, { area: 'Malleshwaram', pincode: '560003' }, { area: 'Jayanagar', pincode: '560011' }, { area: 'Koramangala', pincode: '560034' }, { area: 'Indiranagar', pincode: '560038' }, { area: 'Whitefield', pincode: '560066' }] },
  Mysuru: { lat: 12.2958, lng: 76.6394, localities: [{ area: 'Chamarajapuram', pincode: '570001' }, { area: 'Saraswathipuram', pincode: '570009' }] },
  Chennai: { lat: 13.0827, lng: 80.2707, localities: [{ area: 'Parrys', pincode: '600001' }, { area: 'T. Nagar', pincode: '600017' }, { area: 'Adyar', pincode: '600020' }, { area: 'Anna Nagar', pincode: '600040' }, { area: 'Velachery', pincode: '600042' }] },
  Coimbatore: { lat: 11.0168, lng: 76.9558, localities: [{ area: 'Town Hall', pincode: '641001' }, { area: 'RS Puram', pincode: '641002' }, { area: 'Gandhipuram', pincode: '641012' }] },
  Hyderabad: { lat: 17.385, lng: 78.4867, localities: [{ area: 'Abids', pincode: '500001' }, { area: 'Secunderabad', pincode: '500003' }, { area: 'Ameerpet', pincode: '500016' }, { area: 'Banjara Hills', pincode: '500034' }, { area: 'Kukatpally', pincode: '500072' }] },
  'New Delhi': { lat: 28.6139, lng: 77.209, localities: [{ area: 'Connaught Place', pincode: '110001' }, { area: 'Karol Bagh', pincode: '110005' }, { area: 'Lajpat Nagar', pincode: '110024' }, { area: 'Dwarka', pincode: '110075' }, { area: 'Rohini', pincode: '110085' }] },
  Kolkata: { lat: 22.5726, lng: 88.3639, localities: [{ area: 'BBD Bagh', pincode: '700001' }, { area: 'Park Street', pincode: '700016' }, { area: 'Behala', pincode: '700034' }, { area: 'Salt Lake', pincode: '700091' }] },
  Ahmedabad: { lat: 23.0225, lng: 72.5714, localities: [{ area: 'Bhadra', pincode: '380001' }, { area: 'Maninagar', pincode: '380008' }, { area: 'Navrangpura', pincode: '380009' }, { area: 'Satellite', pincode: '380015' }] },
  Jaipur: { lat: 26.9124, lng: 75.7873, localities: [{ area: 'MI Road', pincode: '302001' }, { area: 'Malviya Nagar', pincode: '302017' }, { area: 'Vaishali Nagar', pincode: '302021' }] },
  Lucknow: { lat: 26.8467, lng: 80.9462, localities: [{ area: 'Hazratganj', pincode: '226001' }, { area: 'Gomti Nagar', pincode: '226010' }, { area: 'Aliganj', pincode: '226024' }] },
  Kochi: { lat: 9.9312, lng: 76.2673, localities: [{ area: 'Fort Kochi', pincode: '682001' }, { area: 'Edappally', pincode: '682024' }, { area: 'Kakkanad', pincode: '682030' }] },
  Bhopal: { lat: 23.2599, lng: 77.4126, localities: [{ area: 'Jahangirabad', pincode: '462001' }, { area: 'MP Nagar', pincode: '462011' }, { area: 'Arera Colony', pincode: '462016' }] },
  Patna: { lat: 25.5941, lng: 85.1376, localities: [{ area: 'Gandhi Maidan', pincode: '800001' }, { area: 'Kankarbagh', pincode: '800020' }] },
  Bhubaneswar: { lat: 20.2961, lng: 85.8245, localities: [{ area: 'Old Town', pincode: '751002' }, { area: 'Saheed Nagar', pincode: '751007' }, { area: 'Patia', pincode: '751024' }] },
  Guwahati: { lat: 26.1445, lng: 91.7362, localities: [{ area: 'Pan Bazaar', pincode: '781001' }, { area: 'Dispur', pincode: '781006' }] },
  Chandigarh: { lat: 30.7333, lng: 76.7794, localities: [{ area: 'Sector 17', pincode: '160017' }, { area: 'Sector 22', pincode: '160022' }, { area: 'Sector 35', pincode: '160035' }] },
  Visakhapatnam: { lat: 17.6868, lng: 83.2185, localities: [{ area: 'One Town', pincode: '530001' }, { area: 'MVP Colony', pincode: '530017' }, { area: 'Gajuwaka', pincode: '530026' }] },
};

export const CITY_NAMES = Object.keys(CITY_PLACES);

/** Parts of an Indian postal address: a flat in a building, on a road. */
export const BUILDINGS = [
  'Shanti Niwas', 'Sai Krupa Apartments', 'Green Valley Society', 'Laxmi Complex', 'Sunrise Towers', 'Ganga Residency',
  'Shree Ganesh CHS', 'Royal Enclave', 'Anand Vihar', 'Krishna Kunj', 'Lotus Heights', 'Vrindavan Apartments',
];
export const ROADS = [
  'MG Road', 'Station Road', 'Link Road', 'Gandhi Marg', 'Ring Road', 'Nehru Road', 'Tilak Road', '2nd Cross, 4th Main',
  'Church Street', 'Hospital Road', 'Temple Street', 'College Road', 'Subhash Chandra Bose Road', 'Ambedkar Road',
];
/** Where a Health ATM kiosk stands: railway staff health checks put many at stations and depots. */
export const KIOSK_SITES = ['Railway Station', 'Loco Shed', 'Carriage Depot', 'Railway Hospital', 'Divisional Office', 'Bus Depot', 'Community Hall', 'Post Office'];
