//! Discovery (`/apis`, `/apis/example.dev/v1`, aggregated v2), `/version`
//! and the OpenAPI v3 documents, as kube-apiserver serves them for a custom
//! resource group.

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use crate::api::{API_VERSION, GROUP, KIND, LIST_KIND, RESOURCE, SHORT_NAME, SINGULAR, VERSION};
use crate::schema::{self, Document};
use crate::status::{Status, JSON};

/// The content type of aggregated discovery.
pub const AGGREGATED_V2: &str =
    "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";

const VERBS: [&str; 8] = [
    "create",
    "delete",
    "deletecollection",
    "get",
    "list",
    "patch",
    "update",
    "watch",
];
const SUB_VERBS: [&str; 3] = ["get", "patch", "update"];

fn json_response(content_type: &str, v: &Value) -> Response {
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, content_type.to_owned())],
        v.to_string(),
    )
        .into_response()
}

/// `/version`: minor 32, so that the gcloud kubectl dispatcher runs its
/// built-in 1.32 client (see docs/server.md).
pub fn version() -> Response {
    json_response(
        JSON,
        &json!({
            "major": "1",
            "minor": "32",
            "gitVersion": concat!("v1.32.0-example-server+", env!("CARGO_PKG_VERSION")),
            "gitCommit": "",
            "gitTreeState": "clean",
            "buildDate": "",
            "goVersion": "",
            "compiler": "rustc",
            "platform": "linux/amd64"
        }),
    )
}

/// Whether `Accept` lists aggregated discovery v2: a media range
/// `application/json` whose parameters are exactly `g=apidiscovery.k8s.io`,
/// `v=v2` and `as=APIGroupDiscoveryList` (in any order, spaces allowed).
pub fn wants_aggregated(headers: &HeaderMap) -> bool {
    let Some(accept) = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    accept.split(',').any(|range| {
        let mut parts = range.split(';').map(str::trim);
        if !parts
            .next()
            .is_some_and(|t| t.eq_ignore_ascii_case("application/json"))
        {
            return false;
        }
        let mut params: Vec<(String, String)> = parts
            .filter(|p| !p.is_empty())
            .filter_map(|p| p.split_once('='))
            .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
            .filter(|(k, _)| k != "q")
            .collect();
        params.sort();
        params
            == [
                ("as".to_owned(), "APIGroupDiscoveryList".to_owned()),
                ("g".to_owned(), "apidiscovery.k8s.io".to_owned()),
                ("v".to_owned(), "v2".to_owned()),
            ]
    })
}

fn gv() -> Value {
    json!({"groupVersion": API_VERSION, "version": VERSION})
}

/// `/apis`: aggregated v2 when asked for exactly, else `APIGroupList`.
pub fn apis(headers: &HeaderMap) -> Response {
    if wants_aggregated(headers) {
        let widget = json!({"group": GROUP, "version": VERSION, "kind": KIND});
        let body = json!({
            "kind": "APIGroupDiscoveryList",
            "apiVersion": "apidiscovery.k8s.io/v2",
            "metadata": {},
            "items": [{
                "metadata": {"name": GROUP},
                "versions": [{
                    "version": VERSION,
                    "freshness": "Current",
                    "resources": [{
                        "resource": RESOURCE,
                        "responseKind": widget,
                        "scope": "Namespaced",
                        "singularResource": SINGULAR,
                        "shortNames": [SHORT_NAME],
                        "verbs": VERBS,
                        "subresources": [
                            {"subresource": "status", "responseKind": widget, "verbs": SUB_VERBS},
                            {"subresource": "scale",
                             "responseKind": {"group": "autoscaling", "version": "v1", "kind": "Scale"},
                             "verbs": SUB_VERBS}
                        ]
                    }]
                }]
            }]
        });
        return json_response(AGGREGATED_V2, &body);
    }
    json_response(
        JSON,
        &json!({
            "kind": "APIGroupList",
            "apiVersion": "v1",
            "groups": [{"name": GROUP, "versions": [gv()], "preferredVersion": gv()}]
        }),
    )
}

/// `/apis/example.dev`.
pub fn group() -> Response {
    json_response(
        JSON,
        &json!({"kind": "APIGroup", "apiVersion": "v1", "name": GROUP,
                "versions": [gv()], "preferredVersion": gv()}),
    )
}

/// `/apis/example.dev/v1`.
pub fn resources() -> Response {
    json_response(
        JSON,
        &json!({
            "kind": "APIResourceList",
            "apiVersion": "v1",
            "groupVersion": API_VERSION,
            "resources": [
                {"name": RESOURCE, "singularName": SINGULAR, "namespaced": true, "kind": KIND,
                 "verbs": VERBS, "shortNames": [SHORT_NAME], "storageVersionHash": ""},
                {"name": format!("{RESOURCE}/status"), "singularName": "", "namespaced": true,
                 "kind": KIND, "verbs": SUB_VERBS},
                {"name": format!("{RESOURCE}/scale"), "singularName": "", "namespaced": true,
                 "group": "autoscaling", "version": "v1", "kind": "Scale", "verbs": SUB_VERBS}
            ]
        }),
    )
}

/// `/openapi/v3`: the one group-version this server has.
pub fn openapi_root(schema: &Document) -> Response {
    json_response(
        JSON,
        &json!({"paths": {
            format!("apis/{GROUP}/{VERSION}"): {
                "serverRelativeURL": format!("/openapi/v3/apis/{GROUP}/{VERSION}?hash={}", openapi_hash(schema))
            }
        }}),
    )
}

fn openapi_hash(schema: &Document) -> String {
    // FNV-1a of the document: changes when the schema does.
    let doc = openapi_gv(schema).to_string();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in doc.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    format!("{h:016X}")
}

/// `/openapi/v2`: 404 (kubectl asks for protobuf only; a JSON answer breaks
/// it), as the brief of this server says.
pub fn openapi_v2() -> Response {
    Status::no_route().into_response()
}

fn param(name: &str, description: &str) -> Value {
    json!({"name": name, "in": "query", "description": description,
           "schema": {"type": "string", "uniqueItems": true}})
}

/// The group-version document: the Widget and ObjectMeta schemas as
/// `validation-gen schema` exported them for the server's release (see
/// [`crate::schema`]), and the operations; every PATCH lists
/// `fieldValidation` inline, which is what kubectl checks before trusting
/// the server with field validation.
pub fn openapi_gv(schema: &Document) -> Value {
    let gvk = json!({"group": GROUP, "version": VERSION, "kind": KIND});
    let widget_ref = json!({"$ref": format!("#/components/schemas/dev.example.v1.{KIND}")});
    let list_ref = json!({"$ref": format!("#/components/schemas/dev.example.v1.{LIST_KIND}")});
    let scale_ref = json!({"$ref": "#/components/schemas/io.k8s.api.autoscaling.v1.Scale"});
    let ok = |r: &Value| json!({"200": {"description": "OK", "content": {"application/json": {"schema": r}}}});
    let write_params = || {
        vec![
            param("dryRun", "When present, indicates that modifications should not be persisted. Valid value: All"),
            param("fieldManager", "The name of the actor making these changes."),
            param("fieldValidation", "How to handle unknown and duplicate fields: Ignore, Warn (default) or Strict."),
        ]
    };
    let mut patch_params = write_params();
    patch_params.push(param(
        "force",
        "Force is going to \"force\" Apply requests.",
    ));
    let patch_body = json!({"content": {
        "application/apply-patch+yaml": {"schema": {"type": "object"}},
        "application/json-patch+json": {"schema": {"type": "object"}},
        "application/merge-patch+json": {"schema": {"type": "object"}}
    }});
    let item_ops = |response: &Value, with_delete: bool| {
        let mut o = json!({
            "get": {"responses": ok(response), "x-kubernetes-action": "get", "x-kubernetes-group-version-kind": gvk},
            "put": {"parameters": write_params(), "requestBody": {"content": {"application/json": {"schema": response}}},
                    "responses": ok(response), "x-kubernetes-action": "put", "x-kubernetes-group-version-kind": gvk},
            "patch": {"parameters": patch_params, "requestBody": patch_body,
                      "responses": ok(response), "x-kubernetes-action": "patch", "x-kubernetes-group-version-kind": gvk}
        });
        if with_delete {
            o["delete"] = json!({"parameters": [param("dryRun", "All")], "responses": ok(response),
                                 "x-kubernetes-action": "delete", "x-kubernetes-group-version-kind": gvk});
        }
        o
    };
    let scale_gvk = json!({"group": "autoscaling", "version": "v1", "kind": "Scale"});
    let mut scale_ops = item_ops(&scale_ref, false);
    for op in ["get", "put", "patch"] {
        scale_ops[op]["x-kubernetes-group-version-kind"] = scale_gvk.clone();
    }
    let ns = format!("/apis/{GROUP}/{VERSION}/namespaces/{{namespace}}/{RESOURCE}");
    let path_params = json!([
        {"name": "name", "in": "path", "required": true, "schema": {"type": "string"}},
        {"name": "namespace", "in": "path", "required": true, "schema": {"type": "string"}}
    ]);
    let mut item = item_ops(&widget_ref, true);
    item["parameters"] = path_params.clone();
    let mut status = item_ops(&widget_ref, false);
    status["parameters"] = path_params.clone();
    scale_ops["parameters"] = path_params;
    let list_op = json!({"responses": ok(&list_ref), "x-kubernetes-action": "list",
                          "x-kubernetes-group-version-kind": gvk,
                          "parameters": [param("labelSelector", ""), param("fieldSelector", ""),
                                         param("watch", ""), param("resourceVersion", ""), param("limit", "")]});
    // The exported Widget, its metadata referring to the ObjectMeta
    // component as kube-apiserver's documents do (`allOf` keeps the field's
    // own description beside the reference).
    let exported = |name: &str| {
        schema
            .openapi(name)
            .cloned()
            .unwrap_or_else(|| panic!("the export has no {name}"))
    };
    let meta_ref = "#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";
    let mut widget_schema = exported(schema::ROOT);
    widget_schema["x-kubernetes-group-version-kind"] = json!([gvk]);
    let metadata = &mut widget_schema["properties"]["metadata"];
    *metadata = json!({"allOf": [{"$ref": meta_ref}], "description": metadata["description"]});
    let meta = exported("ObjectMeta");
    json!({
        "openapi": "3.0.0",
        "info": {"title": "example.dev", "version": VERSION},
        "paths": {
            format!("/apis/{GROUP}/{VERSION}/{RESOURCE}"): {"get": list_op},
            ns.clone(): {
                "parameters": [{"name": "namespace", "in": "path", "required": true, "schema": {"type": "string"}}],
                "get": list_op,
                "post": {"parameters": write_params(),
                         "requestBody": {"content": {"application/json": {"schema": widget_ref}}},
                         "responses": {"201": {"description": "Created", "content": {"application/json": {"schema": widget_ref}}}},
                         "x-kubernetes-action": "post", "x-kubernetes-group-version-kind": gvk}
            },
            format!("{ns}/{{name}}"): item,
            format!("{ns}/{{name}}/status"): status,
            format!("{ns}/{{name}}/scale"): scale_ops
        },
        "components": {"schemas": {
            format!("dev.example.v1.{KIND}"): widget_schema,
            format!("dev.example.v1.{LIST_KIND}"): {
                "type": "object", "required": ["items"],
                "properties": {"apiVersion": {"type": "string"}, "kind": {"type": "string"},
                               "metadata": {"type": "object"}, "items": {"type": "array", "items": widget_ref}},
                "x-kubernetes-group-version-kind": [{"group": GROUP, "version": VERSION, "kind": LIST_KIND}]
            },
            "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta": meta,
            "io.k8s.api.autoscaling.v1.Scale": {
                "type": "object",
                "properties": {"apiVersion": {"type": "string"}, "kind": {"type": "string"},
                               "metadata": {"type": "object"},
                               "spec": {"type": "object", "properties": {"replicas": {"type": "integer", "format": "int32"}}},
                               "status": {"type": "object", "required": ["replicas"],
                                          "properties": {"replicas": {"type": "integer", "format": "int32"},
                                                         "selector": {"type": "string"}}}},
                "x-kubernetes-group-version-kind": [scale_gvk]
            }
        }}
    })
}

/// `/openapi/v3/apis/example.dev/v1`.
pub fn openapi_gv_response(schema: &Document) -> Response {
    json_response(JSON, &openapi_gv(schema))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(accept: &str) -> HeaderMap {
        let mut m = HeaderMap::new();
        m.insert(header::ACCEPT, accept.parse().unwrap());
        m
    }

    #[test]
    fn aggregated_negotiation() {
        assert!(wants_aggregated(&h("application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json")));
        // kubectl 1.27 asks for v2beta1 only: legacy it gets.
        assert!(!wants_aggregated(&h("application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json")));
        assert!(wants_aggregated(&h(
            "application/json; as=APIGroupDiscoveryList; v=v2; g=apidiscovery.k8s.io"
        )));
        assert!(!wants_aggregated(&h(
            "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList;x=y"
        )));
        assert!(!wants_aggregated(&h("application/json")));
    }

    #[test]
    fn every_patch_lists_field_validation() {
        let doc = openapi_gv(Document::for_release(crate::migrate::Release::DEFAULT).unwrap());
        let mut n = 0;
        for (_, ops) in doc["paths"].as_object().unwrap() {
            if let Some(p) = ops.get("patch") {
                assert!(p["parameters"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|q| q["name"] == "fieldValidation" && q["in"] == "query"));
                n += 1;
            }
        }
        assert_eq!(n, 3);
        let w = &doc["components"]["schemas"]["dev.example.v1.Widget"];
        assert_eq!(
            w["properties"]["spec"]["properties"]["ports"]["x-kubernetes-list-map-keys"],
            json!(["name"])
        );
        assert_eq!(
            w["properties"]["spec"]["properties"]["ports"]["x-kubernetes-list-type"],
            "map"
        );
        assert_eq!(
            w["properties"]["spec"]["properties"]["replicas"]["minimum"],
            0
        );
    }

    /// Each release's document serves that release's export: the Widget
    /// (its metadata a reference to ObjectMeta) and ObjectMeta as exported.
    #[test]
    fn the_document_is_the_export() {
        for &release in crate::migrate::Release::SUPPORTED {
            let schema = Document::for_release(release).unwrap();
            let doc = openapi_gv(schema);
            let schemas = &doc["components"]["schemas"];
            let mut w = schemas["dev.example.v1.Widget"].clone();
            assert_eq!(
                w["x-kubernetes-group-version-kind"],
                json!([{"group": GROUP, "version": VERSION, "kind": KIND}])
            );
            assert_eq!(
                w["properties"]["metadata"]["allOf"][0]["$ref"],
                "#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"
            );
            let mut exported = schema.openapi("Widget").unwrap().clone();
            for v in [&mut w, &mut exported] {
                let m = v.as_object_mut().unwrap();
                m.remove("x-kubernetes-group-version-kind");
                m["properties"].as_object_mut().unwrap().remove("metadata");
            }
            assert_eq!(w, exported, "{release}");
            assert_eq!(
                Some(&schemas["io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"]),
                schema.openapi("ObjectMeta")
            );
        }
    }
}
