/*
 * mpi-calls.h - the one list of the MPI calls the PMPI wrappers record, as
 * an X-macro: wrappers.c expands it into one wrapper each, and the names'
 * table.  Each entry:
 *
 *   MPI_CALL(NAME, (PARAMETERS), (ARGUMENTS), SENT, RECEIVED)
 *
 * SENT and RECEIVED are expressions of the parameters giving the bytes the
 * call sends and receives, from the counts and the datatypes' sizes
 * (bytes(count, type); vbytes(counts, type, comm) for the v-collectives);
 * 0 where none.  A blocking receive counts what its status says it got
 * (received(rc, STATUS(status), type)): its STATUS(status) argument is
 * the wrapper's own status where the caller passes MPI_STATUS_IGNORE.  A collective's bytes are this rank's part: what it gives
 * and what it gets.  Nonblocking calls count their bytes when started; the
 * waits and tests count none (their time is the waiting).
 */

/* initialisation and the end */
MPI_CALL(MPI_Init, (int *argc, char ***argv), (argc, argv), 0, 0)
MPI_CALL(MPI_Init_thread, (int *argc, char ***argv, int required, int *provided),
	 (argc, argv, required, provided), 0, 0)
MPI_CALL(MPI_Finalize, (void), (), 0, 0)

/* the communicator's shape (cheap: what the wrapper costs per call) */
MPI_CALL(MPI_Comm_rank, (MPI_Comm comm, int *rank), (comm, rank), 0, 0)
MPI_CALL(MPI_Comm_size, (MPI_Comm comm, int *size), (comm, size), 0, 0)

/* point to point */
MPI_CALL(MPI_Send, (const void *buf, int count, MPI_Datatype type, int dest, int tag,
		    MPI_Comm comm), (buf, count, type, dest, tag, comm), bytes(count, type), 0)
MPI_CALL(MPI_Ssend, (const void *buf, int count, MPI_Datatype type, int dest, int tag,
		     MPI_Comm comm), (buf, count, type, dest, tag, comm), bytes(count, type), 0)
MPI_CALL(MPI_Bsend, (const void *buf, int count, MPI_Datatype type, int dest, int tag,
		     MPI_Comm comm), (buf, count, type, dest, tag, comm), bytes(count, type), 0)
MPI_CALL(MPI_Rsend, (const void *buf, int count, MPI_Datatype type, int dest, int tag,
		     MPI_Comm comm), (buf, count, type, dest, tag, comm), bytes(count, type), 0)
MPI_CALL(MPI_Recv, (void *buf, int count, MPI_Datatype type, int source, int tag,
		    MPI_Comm comm, MPI_Status *status),
	 (buf, count, type, source, tag, comm, STATUS(status)), 0,
	 received(rc, STATUS(status), type))
MPI_CALL(MPI_Isend, (const void *buf, int count, MPI_Datatype type, int dest, int tag,
		     MPI_Comm comm, MPI_Request *request),
	 (buf, count, type, dest, tag, comm, request), bytes(count, type), 0)
MPI_CALL(MPI_Issend, (const void *buf, int count, MPI_Datatype type, int dest, int tag,
		      MPI_Comm comm, MPI_Request *request),
	 (buf, count, type, dest, tag, comm, request), bytes(count, type), 0)
MPI_CALL(MPI_Irecv, (void *buf, int count, MPI_Datatype type, int source, int tag,
		     MPI_Comm comm, MPI_Request *request),
	 (buf, count, type, source, tag, comm, request), 0, bytes(count, type))
MPI_CALL(MPI_Sendrecv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
			int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype,
			int source, int recvtag, MPI_Comm comm, MPI_Status *status),
	 (sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
	  recvtag, comm, STATUS(status)),
	 bytes(sendcount, sendtype), received(rc, STATUS(status), recvtype))
MPI_CALL(MPI_Sendrecv_replace, (void *buf, int count, MPI_Datatype type, int dest,
				int sendtag, int source, int recvtag, MPI_Comm comm,
				MPI_Status *status),
	 (buf, count, type, dest, sendtag, source, recvtag, comm, STATUS(status)),
	 bytes(count, type), received(rc, STATUS(status), type))
MPI_CALL(MPI_Probe, (int source, int tag, MPI_Comm comm, MPI_Status *status),
	 (source, tag, comm, status), 0, 0)
MPI_CALL(MPI_Iprobe, (int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status),
	 (source, tag, comm, flag, status), 0, 0)

/* completion */
MPI_CALL(MPI_Wait, (MPI_Request *request, MPI_Status *status), (request, status), 0, 0)
MPI_CALL(MPI_Waitall, (int count, MPI_Request requests[], MPI_Status statuses[]),
	 (count, requests, statuses), 0, 0)
MPI_CALL(MPI_Waitany, (int count, MPI_Request requests[], int *index, MPI_Status *status),
	 (count, requests, index, status), 0, 0)
MPI_CALL(MPI_Waitsome, (int incount, MPI_Request requests[], int *outcount, int indices[],
			MPI_Status statuses[]), (incount, requests, outcount, indices, statuses),
	 0, 0)
MPI_CALL(MPI_Test, (MPI_Request *request, int *flag, MPI_Status *status),
	 (request, flag, status), 0, 0)
MPI_CALL(MPI_Testall, (int count, MPI_Request requests[], int *flag, MPI_Status statuses[]),
	 (count, requests, flag, statuses), 0, 0)
MPI_CALL(MPI_Testany, (int count, MPI_Request requests[], int *index, int *flag,
		       MPI_Status *status), (count, requests, index, flag, status), 0, 0)

/* collectives */
MPI_CALL(MPI_Barrier, (MPI_Comm comm), (comm), 0, 0)
MPI_CALL(MPI_Bcast, (void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm),
	 (buf, count, type, root, comm), is_root(root, comm) ? bytes(count, type) : 0,
	 is_root(root, comm) ? 0 : bytes(count, type))
MPI_CALL(MPI_Reduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
		      MPI_Op op, int root, MPI_Comm comm),
	 (sendbuf, recvbuf, count, type, op, root, comm), bytes(count, type),
	 is_root(root, comm) ? bytes(count, type) : 0)
MPI_CALL(MPI_Allreduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
			 MPI_Op op, MPI_Comm comm), (sendbuf, recvbuf, count, type, op, comm),
	 bytes(count, type), bytes(count, type))
MPI_CALL(MPI_Reduce_scatter_block, (const void *sendbuf, void *recvbuf, int recvcount,
				    MPI_Datatype type, MPI_Op op, MPI_Comm comm),
	 (sendbuf, recvbuf, recvcount, type, op, comm),
	 bytes(recvcount, type) * comm_size(comm), bytes(recvcount, type))
MPI_CALL(MPI_Scan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
		    MPI_Op op, MPI_Comm comm), (sendbuf, recvbuf, count, type, op, comm),
	 bytes(count, type), bytes(count, type))
MPI_CALL(MPI_Exscan, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
		      MPI_Op op, MPI_Comm comm), (sendbuf, recvbuf, count, type, op, comm),
	 bytes(count, type), bytes(count, type))
MPI_CALL(MPI_Gather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
		      void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
		      MPI_Comm comm),
	 (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm),
	 bytes(sendcount, sendtype),
	 is_root(root, comm) ? bytes(recvcount, recvtype) * comm_size(comm) : 0)
MPI_CALL(MPI_Gatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
		       void *recvbuf, const int recvcounts[], const int displs[],
		       MPI_Datatype recvtype, int root, MPI_Comm comm),
	 (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm),
	 bytes(sendcount, sendtype), is_root(root, comm) ? vbytes(recvcounts, recvtype, comm) : 0)
MPI_CALL(MPI_Scatter, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
		       void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
		       MPI_Comm comm),
	 (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm),
	 is_root(root, comm) ? bytes(sendcount, sendtype) * comm_size(comm) : 0,
	 bytes(recvcount, recvtype))
MPI_CALL(MPI_Scatterv, (const void *sendbuf, const int sendcounts[], const int displs[],
			MPI_Datatype sendtype, void *recvbuf, int recvcount,
			MPI_Datatype recvtype, int root, MPI_Comm comm),
	 (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm),
	 is_root(root, comm) ? vbytes(sendcounts, sendtype, comm) : 0, bytes(recvcount, recvtype))
MPI_CALL(MPI_Allgather, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
			 void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm),
	 (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm),
	 bytes(sendcount, sendtype), bytes(recvcount, recvtype) * comm_size(comm))
MPI_CALL(MPI_Allgatherv, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
			  void *recvbuf, const int recvcounts[], const int displs[],
			  MPI_Datatype recvtype, MPI_Comm comm),
	 (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm),
	 bytes(sendcount, sendtype), vbytes(recvcounts, recvtype, comm))
MPI_CALL(MPI_Alltoall, (const void *sendbuf, int sendcount, MPI_Datatype sendtype,
			void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm),
	 (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm),
	 bytes(sendcount, sendtype) * comm_size(comm), bytes(recvcount, recvtype) * comm_size(comm))
MPI_CALL(MPI_Alltoallv, (const void *sendbuf, const int sendcounts[], const int sdispls[],
			 MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
			 const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm),
	 (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm),
	 vbytes(sendcounts, sendtype, comm), vbytes(recvcounts, recvtype, comm))

/* nonblocking collectives */
MPI_CALL(MPI_Ibarrier, (MPI_Comm comm, MPI_Request *request), (comm, request), 0, 0)
MPI_CALL(MPI_Ibcast, (void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm,
		      MPI_Request *request), (buf, count, type, root, comm, request),
	 is_root(root, comm) ? bytes(count, type) : 0, is_root(root, comm) ? 0 : bytes(count, type))
MPI_CALL(MPI_Iallreduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
			  MPI_Op op, MPI_Comm comm, MPI_Request *request),
	 (sendbuf, recvbuf, count, type, op, comm, request), bytes(count, type), bytes(count, type))
MPI_CALL(MPI_Ireduce, (const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
		       MPI_Op op, int root, MPI_Comm comm, MPI_Request *request),
	 (sendbuf, recvbuf, count, type, op, root, comm, request), bytes(count, type),
	 is_root(root, comm) ? bytes(count, type) : 0)

/* one-sided */
MPI_CALL(MPI_Put, (const void *origin, int origin_count, MPI_Datatype origin_type,
		   int target, MPI_Aint disp, int target_count, MPI_Datatype target_type,
		   MPI_Win win),
	 (origin, origin_count, origin_type, target, disp, target_count, target_type, win),
	 bytes(origin_count, origin_type), 0)
MPI_CALL(MPI_Get, (void *origin, int origin_count, MPI_Datatype origin_type, int target,
		   MPI_Aint disp, int target_count, MPI_Datatype target_type, MPI_Win win),
	 (origin, origin_count, origin_type, target, disp, target_count, target_type, win),
	 0, bytes(origin_count, origin_type))
MPI_CALL(MPI_Accumulate, (const void *origin, int origin_count, MPI_Datatype origin_type,
			  int target, MPI_Aint disp, int target_count,
			  MPI_Datatype target_type, MPI_Op op, MPI_Win win),
	 (origin, origin_count, origin_type, target, disp, target_count, target_type, op, win),
	 bytes(origin_count, origin_type), 0)
MPI_CALL(MPI_Win_fence, (int assert_, MPI_Win win), (assert_, win), 0, 0)
MPI_CALL(MPI_Win_lock, (int lock_type, int rank, int assert_, MPI_Win win),
	 (lock_type, rank, assert_, win), 0, 0)
MPI_CALL(MPI_Win_unlock, (int rank, MPI_Win win), (rank, win), 0, 0)
