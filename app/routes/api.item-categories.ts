import { API_CONTRACT } from "~/http/api-contract.server";
import { readJsonBody } from "~/http/json-api.server";
import { shopListAction, shopListLoader } from "~/http/shop-list-api.server";

const contract = API_CONTRACT["/api/item-categories"];

/** GET /api/item-categories (?active=1) and POST /api/item-categories: app/http/shop-list-api.server.ts. */
export const loader = shopListLoader("itemCategories");
export const action = shopListAction("itemCategories", (request) => readJsonBody(request, contract.post.body()));
