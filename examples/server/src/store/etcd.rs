//! The etcd v3 backend, the store kube-apiserver itself uses: several
//! server replicas share one etcd. `resourceVersion` is the key's
//! `mod_revision`; list revisions are etcd's header revision; watches are
//! etcd watches from `resourceVersion + 1`. Writes are transactions that
//! compare `mod_revision` (update, delete) or `create_revision == 0`
//! (create), as upstream's `etcd3` store does.
//!
//! It speaks etcd's own JSON gateway (`/v3/kv/range`, `/v3/kv/txn`,
//! `/v3/watch`: the same gRPC API, served as JSON by every etcd since 3.3)
//! over hyper's HTTP/1 client, so building the server needs neither
//! `protoc` nor a gRPC stack.

use base64::engine::general_purpose::STANDARD as B64;
use base64::Engine as _;
use futures_util::stream::{self, BoxStream, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::{json, Value};

use super::{BoxFut, Event, EventType, Storage, StoreError, Stored};

/// An etcd v3 store.
pub struct Etcd {
    client: Client<HttpConnector, Full<Bytes>>,
    endpoint: String,
    prefix: String,
}

fn internal(e: impl std::fmt::Display) -> StoreError {
    StoreError::Internal(format!("etcd: {e}"))
}

fn b64(s: &[u8]) -> String {
    B64.encode(s)
}

fn unb64(v: &Value) -> Vec<u8> {
    v.as_str()
        .and_then(|s| B64.decode(s).ok())
        .unwrap_or_default()
}

/// An int64 of etcd's JSON (a string, or absent for 0).
fn num(v: &Value) -> u64 {
    match v {
        Value::String(s) => s.parse().unwrap_or(0),
        Value::Number(n) => n.as_u64().unwrap_or(0),
        _ => 0,
    }
}

/// The end of the key range of a prefix (the prefix with its last byte + 1).
fn range_end(prefix: &[u8]) -> Vec<u8> {
    let mut end = prefix.to_vec();
    while let Some(last) = end.pop() {
        if last < 0xff {
            end.push(last + 1);
            return end;
        }
    }
    vec![0]
}

impl Etcd {
    /// Connects (checks that etcd answers).
    pub async fn connect(endpoint: &str, prefix: &str) -> Result<Etcd, String> {
        let client = Client::builder(TokioExecutor::new()).build_http();
        let e = Etcd {
            client,
            endpoint: endpoint.trim_end_matches('/').to_owned(),
            prefix: prefix.to_owned(),
        };
        e.call("/v3/kv/range", json!({"key": b64(b"/"), "limit": "1"}))
            .await
            .map_err(|e| e.to_string())?;
        Ok(e)
    }

    fn full(&self, key: &str) -> Vec<u8> {
        format!("{}{key}", self.prefix).into_bytes()
    }

    async fn post(
        &self,
        path: &str,
        body: Value,
    ) -> Result<hyper::Response<hyper::body::Incoming>, StoreError> {
        let req = hyper::Request::post(format!("{}{path}", self.endpoint))
            .header("content-type", "application/json")
            .body(Full::new(Bytes::from(body.to_string())))
            .map_err(internal)?;
        self.client.request(req).await.map_err(internal)
    }

    async fn call(&self, path: &str, body: Value) -> Result<Value, StoreError> {
        let resp = self.post(path, body).await?;
        let code = resp.status();
        let bytes = resp
            .into_body()
            .collect()
            .await
            .map_err(internal)?
            .to_bytes();
        if !code.is_success() {
            return Err(internal(format!(
                "{path}: {code}: {}",
                String::from_utf8_lossy(&bytes)
            )));
        }
        serde_json::from_slice(&bytes).map_err(internal)
    }

    async fn mod_revision(&self, key: &[u8]) -> Result<Option<u64>, StoreError> {
        let r = self.call("/v3/kv/range", json!({"key": b64(key)})).await?;
        Ok(r["kvs"]
            .as_array()
            .and_then(|a| a.first())
            .map(|kv| num(&kv["mod_revision"])))
    }

    /// A transaction comparing the key's `mod_revision` with `expected`.
    async fn cas(&self, key: &str, expected: u64, op: Value) -> Result<u64, StoreError> {
        let k = self.full(key);
        let r = self
            .call(
                "/v3/kv/txn",
                json!({"compare": [{"target": "MOD", "key": b64(&k), "result": "EQUAL",
                                    "mod_revision": expected.to_string()}],
                       "success": [op]}),
            )
            .await?;
        if r["succeeded"].as_bool() == Some(true) {
            return Ok(num(&r["header"]["revision"]));
        }
        match self.mod_revision(&k).await? {
            None => Err(StoreError::NotFound),
            Some(_) => Err(StoreError::Conflict),
        }
    }
}

impl Storage for Etcd {
    fn get<'a>(&'a self, key: &'a str) -> BoxFut<'a, Result<Option<Stored>, StoreError>> {
        Box::pin(async move {
            let r = self
                .call("/v3/kv/range", json!({"key": b64(&self.full(key))}))
                .await?;
            Ok(r["kvs"]
                .as_array()
                .and_then(|a| a.first())
                .map(|kv| Stored {
                    value: unb64(&kv["value"]),
                    rv: num(&kv["mod_revision"]),
                }))
        })
    }

    fn list<'a>(
        &'a self,
        prefix: &'a str,
    ) -> BoxFut<'a, Result<(Vec<(String, Stored)>, u64), StoreError>> {
        Box::pin(async move {
            let p = self.full(prefix);
            let r = self
                .call(
                    "/v3/kv/range",
                    json!({"key": b64(&p), "range_end": b64(&range_end(&p))}),
                )
                .await?;
            let mut out = Vec::new();
            for kv in r["kvs"].as_array().into_iter().flatten() {
                let k = String::from_utf8_lossy(&unb64(&kv["key"])).into_owned();
                let k = k.strip_prefix(&self.prefix).unwrap_or(&k).to_owned();
                out.push((
                    k,
                    Stored {
                        value: unb64(&kv["value"]),
                        rv: num(&kv["mod_revision"]),
                    },
                ));
            }
            Ok((out, num(&r["header"]["revision"])))
        })
    }

    fn create<'a>(&'a self, key: &'a str, value: Vec<u8>) -> BoxFut<'a, Result<u64, StoreError>> {
        Box::pin(async move {
            let k = b64(&self.full(key));
            let r = self
                .call(
                    "/v3/kv/txn",
                    json!({"compare": [{"target": "CREATE", "key": k, "result": "EQUAL", "create_revision": "0"}],
                           "success": [{"request_put": {"key": k, "value": b64(&value)}}]}),
                )
                .await?;
            if r["succeeded"].as_bool() == Some(true) {
                Ok(num(&r["header"]["revision"]))
            } else {
                Err(StoreError::Exists)
            }
        })
    }

    fn update<'a>(
        &'a self,
        key: &'a str,
        value: Vec<u8>,
        expected: u64,
    ) -> BoxFut<'a, Result<u64, StoreError>> {
        Box::pin(async move {
            let k = b64(&self.full(key));
            self.cas(
                key,
                expected,
                json!({"request_put": {"key": k, "value": b64(&value)}}),
            )
            .await
        })
    }

    fn delete<'a>(&'a self, key: &'a str, expected: u64) -> BoxFut<'a, Result<u64, StoreError>> {
        Box::pin(async move {
            let k = b64(&self.full(key));
            self.cas(key, expected, json!({"request_delete_range": {"key": k}}))
                .await
        })
    }

    fn watch<'a>(
        &'a self,
        prefix: &'a str,
        after: u64,
    ) -> BoxFut<'a, Result<BoxStream<'static, Result<Event, StoreError>>, StoreError>> {
        Box::pin(async move {
            let p = self.full(prefix);
            let resp = self
                .post(
                    "/v3/watch",
                    json!({"create_request": {"key": b64(&p), "range_end": b64(&range_end(&p)),
                                              "start_revision": (after + 1).to_string(), "prev_kv": true}}),
                )
                .await?;
            if !resp.status().is_success() {
                return Err(internal(format!("watch: {}", resp.status())));
            }
            let strip = self.prefix.clone();
            let body = resp.into_body();
            // The body is a stream of JSON objects, one per watch response.
            let s = stream::unfold(
                (
                    body,
                    Vec::<u8>::new(),
                    std::collections::VecDeque::<Result<Event, StoreError>>::new(),
                ),
                move |(mut body, mut buf, mut pending)| {
                    let strip = strip.clone();
                    async move {
                        loop {
                            if let Some(e) = pending.pop_front() {
                                return Some((e, (body, buf, pending)));
                            }
                            let frame = body.frame().await?;
                            let Ok(frame) = frame else { return None };
                            let Ok(data) = frame.into_data() else {
                                continue;
                            };
                            buf.extend_from_slice(&data);
                            let mut de =
                                serde_json::Deserializer::from_slice(&buf).into_iter::<Value>();
                            let mut consumed = 0;
                            while let Some(Ok(v)) = de.next() {
                                consumed = de.byte_offset();
                                let r = &v["result"];
                                if num(&r["compact_revision"]) > 0 {
                                    pending.push_back(Err(StoreError::Expired));
                                }
                                for ev in r["events"].as_array().into_iter().flatten() {
                                    let kv = &ev["kv"];
                                    let key =
                                        String::from_utf8_lossy(&unb64(&kv["key"])).into_owned();
                                    let key = key.strip_prefix(&strip).unwrap_or(&key).to_owned();
                                    let (kind, value) = if ev["type"] == "DELETE" {
                                        (EventType::Deleted, unb64(&ev["prev_kv"]["value"]))
                                    } else if num(&kv["create_revision"])
                                        == num(&kv["mod_revision"])
                                    {
                                        (EventType::Added, unb64(&kv["value"]))
                                    } else {
                                        (EventType::Modified, unb64(&kv["value"]))
                                    };
                                    pending.push_back(Ok(Event {
                                        kind,
                                        key,
                                        value,
                                        rv: num(&kv["mod_revision"]),
                                    }));
                                }
                            }
                            buf.drain(..consumed);
                        }
                    }
                },
            );
            Ok(s.boxed())
        })
    }

    fn name(&self) -> &'static str {
        "etcd"
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn range_end() {
        assert_eq!(super::range_end(b"/a/"), b"/a0");
        assert_eq!(super::range_end(b"a\xff"), b"b");
    }
}
