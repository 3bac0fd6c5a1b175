#!/usr/bin/env python3
"""Writes the committed seeds of the daemon's fuzz targets (fuzz/corpus/fuzz_grpc_request,
fuzz_config, fuzz_cli_files) from the other targets' seeds and the repository's configurations:

  fuzz/make_daemon_seeds.py [REPO_ROOT]

fuzz_grpc_request: serialized SubmitProofRequest / ProveRequest / AwaitProofRequest messages
(proto/cuzk/v1/proving.proto, protobuf wire format written here by hand: varints and
length-delimited fields only) for each of Curio's proof kinds at 2 KiB, with the vanilla proofs
of fuzz/corpus/fuzz_post_vanilla and fuzz_snap_partition, and cuzk's CIRCUIT kind.
fuzz_config: docs/cuzk.example.toml, a Curio operator's cuzk.toml, a TCP one.
fuzz_cli_files: a selector byte and a limit byte (see fuzz/fuzz_cli_files.cpp) before the
bellperson .vk/.params/proof seeds of fuzz/corpus/fuzz_bellperson and the configurations.
"""
import pathlib
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
CORPUS = ROOT / "fuzz" / "corpus"


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def field_varint(number, value):
    return varint(number << 3) + varint(value)


def field_bytes(number, value):
    if isinstance(value, str):
        value = value.encode()
    return varint((number << 3) | 2) + varint(len(value)) + value


# SubmitProofRequest field numbers and enum values (proto/cuzk/v1/proving.proto).
REQUEST_ID, PROOF_KIND, SECTOR_SIZE, REGISTERED_PROOF, PRIORITY = 1, 2, 3, 4, 5
VANILLA_PROOF, VANILLA_PROOFS = 10, 11
SECTOR_NUMBER, MINER_ID, RANDOMNESS, PARTITION_INDEX = 20, 21, 22, 23
COMM_R_OLD, COMM_R_NEW, COMM_D_NEW = 30, 31, 32
CIRCUIT_ID, PAYLOAD = 40, 41
POREP, SNAP, WINDOW, WINNING, CIRCUIT = 1, 2, 3, 4, 40
HIGH, CRITICAL = 3, 4


def submit(*fields):
    return b"".join(fields)


def write(target, name, data):
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)


def grpc_request_seeds():
    window = (CORPUS / "fuzz_post_vanilla" / "synthetic-2KiB-window.vproof").read_bytes()
    winning = (CORPUS / "fuzz_post_vanilla" / "synthetic-2KiB-winning.vproof").read_bytes()
    snap = (CORPUS / "fuzz_snap_partition" / "synthetic-2KiB-k0.bin").read_bytes()
    zero32 = bytes(32)
    requests = {
        "window-post-2KiB": submit(field_bytes(REQUEST_ID, "wpost-1000-0-0"), field_varint(PROOF_KIND, WINDOW),
                                   field_varint(REGISTERED_PROOF, 10), field_varint(PRIORITY, HIGH),
                                   field_bytes(VANILLA_PROOFS, window), field_varint(MINER_ID, 1000),
                                   field_bytes(RANDOMNESS, zero32)),
        "winning-post-2KiB": submit(field_varint(PROOF_KIND, WINNING), field_varint(SECTOR_SIZE, 2048),
                                    field_varint(REGISTERED_PROOF, 0), field_varint(PRIORITY, CRITICAL),
                                    field_bytes(VANILLA_PROOFS, winning), field_varint(MINER_ID, 1000),
                                    field_bytes(RANDOMNESS, zero32)),
        "snap-deals-2KiB": submit(field_varint(PROOF_KIND, SNAP), field_varint(REGISTERED_PROOF, 0),
                                  field_bytes(VANILLA_PROOFS, snap), field_bytes(COMM_R_OLD, zero32),
                                  field_bytes(COMM_R_NEW, zero32), field_bytes(COMM_D_NEW, zero32)),
        "porep-2KiB": submit(field_bytes(REQUEST_ID, "porep-1000-7"), field_varint(PROOF_KIND, POREP),
                             field_varint(REGISTERED_PROOF, 5), field_varint(SECTOR_NUMBER, 7),
                             field_varint(MINER_ID, 1000), field_bytes(VANILLA_PROOF, b'{"registered_proof":')),
        "circuit-synthetic": submit(field_varint(PROOF_KIND, CIRCUIT), field_bytes(CIRCUIT_ID, "synthetic-1024"),
                                    field_bytes(PAYLOAD, b"7")),
        "circuit-unknown": submit(field_varint(PROOF_KIND, CIRCUIT), field_bytes(CIRCUIT_ID, "wpost-32g")),
    }
    for name, request in requests.items():
        write("fuzz_grpc_request", f"submit-{name}.bin", request)
        write("fuzz_grpc_request", f"prove-{name}.bin", field_bytes(1, request) + field_varint(40, 1000))
    write("fuzz_grpc_request", "await-uuid.bin",
          field_bytes(1, "0b0e8a34-7c8e-4d6b-9a51-2f1c3e5d7a90") + field_varint(2, 10))
    # Regressions: client ids of 4 KiB were echoed whole into answers (and log lines).
    long_id = "x" * 4096
    write("fuzz_grpc_request", "regression-long-job-id.bin", field_bytes(1, long_id))
    write("fuzz_grpc_request", "regression-long-circuit-id.bin",
          submit(field_varint(PROOF_KIND, WINNING), field_bytes(CIRCUIT_ID, long_id)))
    write("fuzz_grpc_request", "long-request-id.bin",
          submit(field_bytes(REQUEST_ID, long_id), field_varint(PROOF_KIND, CIRCUIT), field_bytes(CIRCUIT_ID, "synthetic-1024")))


CURIO_TOML = """# A Curio operator's cuzk.toml.
[daemon]
listen = "unix:///run/curio/cuzk.sock"
status_listen = "127.0.0.1:9821"
socket_group = "curio"
socket_mode = "0640"

[srs]
param_cache = "/data/zk/params"
preload = ["porep-32g"]

[memory]
total_budget = "auto"
safety_margin = "5GiB"
pinned_budget = "16GiB"

[gpus]
devices = [0, 1]
gpu_threads = 2

[scheduler]
max_batch_size = 1
max_batch_wait_ms = 0

[pipeline]
enabled = true
synthesis_concurrency = 2

[logging]
level = "debug"
format = "json"

[circuits]
synthetic = ["synthetic-1024"]
synthetic_on_demand = true
"""

TCP_TOML = """[daemon]
listen = "tcp:127.0.0.1:9820"
max_message_mib = 64
drain_timeout_s = 5
metrics_http = "127.0.0.1:0"
result_retention_s = 60
max_retained_results = 10
socket_mode = 0o600
"""


def config_seeds():
    configs = {
        "example.toml": (ROOT / "docs" / "cuzk.example.toml").read_bytes(),
        "curio.toml": CURIO_TOML.encode(),
        "tcp.toml": TCP_TOML.encode(),
    }
    for name, text in configs.items():
        write("fuzz_config", name, text)
    return configs


def cli_files_seeds(configs):
    bellperson = CORPUS / "fuzz_bellperson"
    limit = bytes([255])  # 16,320 bytes: above every seed
    seeds = {
        "vk-circuit": b"\x00" + limit + (bellperson / "circuit.vk").read_bytes(),
        "params-circuit": b"\x01" + limit + (bellperson / "circuit.params").read_bytes(),
        "proof": b"\x02" + limit + (bellperson / "proof.bin").read_bytes() * 2,
        "proof-over-limit": b"\x02\x01" + (bellperson / "proof.bin").read_bytes(),
        "config-curio": b"\x03" + limit + configs["curio.toml"],
        "any-commit1-start": b"\x04\x02" + b'{"registered_proof":"StackedDrg2KiBV1_1","vanilla_proofs":' * 4,
    }
    for name, data in seeds.items():
        write("fuzz_cli_files", f"{name}.bin", data)


if __name__ == "__main__":
    grpc_request_seeds()
    cli_files_seeds(config_seeds())
